// Summarises a V8 .cpuprofile (written by `node --cpu-prof`): the functions with the most
// self time, self time by package, and inclusive ("total") time by source file — the share
// of samples with that file anywhere on the stack. Shares are of the busy (non-idle) time.
// Also usable alone: `node scripts/bench/cpuprofile.ts <file.cpuprofile> [top N]`.
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** sampled time not idle; the shares are of this */
  busyMs: number;
  functions: { name: string; where: string; ms: number; share: number }[];
  packages: { name: string; ms: number; share: number }[];
  files: { name: string; ms: number; share: number }[];
}

const root = path.resolve(import.meta.dirname, "../..");

/** Where a script comes from: a package name, "node (built-in)", or the shop's own folder. */
function packageOf(url: string): string {
  if (!url) return "(v8/native)";
  if (url.startsWith("node:")) return "node (built-in)";
  const file = url.replace(/^file:\/\//, "");
  const nm = file.lastIndexOf("/node_modules/");
  if (nm >= 0) {
    const rest = file.slice(nm + "/node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? file);
  }
  const rel = path.relative(root, file);
  return rel.startsWith("..") ? file : rel.split("/").slice(0, 2).join("/");
}

function fileOf(url: string): string {
  const pkg = packageOf(url);
  if (!url || pkg === "node (built-in)") return pkg;
  const file = url.replace(/^file:\/\//, "");
  return file.includes("/node_modules/") ? `${pkg} ${path.basename(file)}` : path.relative(root, file);
}

export function summariseProfile(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

  // Time per sample: the interval that followed it.
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfUs = new Map<number, number>();
  const fileUs = new Map<string, number>();
  let all = 0;
  let idle = 0;
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] ?? 0;
    const dt = deltas[i + 1] ?? deltas[i] ?? 0;
    all += dt;
    const node = byId.get(id);
    const name = node?.callFrame.functionName;
    if (name === "(idle)") {
      idle += dt;
      continue;
    }
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)?.callFrame.url;
      if (url) seen.add(fileOf(url));
    }
    if (name === "(garbage collector)") seen.add("(garbage collector)");
    for (const f of seen) fileUs.set(f, (fileUs.get(f) ?? 0) + dt);
  }
  const busy = all - idle || 1;

  const byFunction = new Map<string, { name: string; where: string; us: number }>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (!us) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || "(anonymous)";
    const pkg = packageOf(url);
    const where = url ? `${fileOf(url)}:${lineNumber + 1}` : "";
    const key = `${name}|${url}|${lineNumber}`;
    const entry = byFunction.get(key) ?? { name, where, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
    const group = name === "(garbage collector)" ? "(garbage collector)" : pkg;
    byPackage.set(group, (byPackage.get(group) ?? 0) + us);
  }
  const ranked = (entries: [string, number][]) =>
    entries
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / busy }));
  return {
    totalMs: all / 1000,
    busyMs: busy / 1000,
    functions: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: f.us / busy })),
    packages: ranked([...byPackage.entries()]),
    files: ranked([...fileUs.entries()]),
  };
}

export function printProfile(summary: ProfileSummary) {
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)}%`;
  console.log(
    `  sampled ${(summary.totalMs / 1000).toFixed(1)} s, of which busy ${(summary.busyMs / 1000).toFixed(1)} s (shares are of the busy time)`,
  );
  console.log("  self time by function:");
  for (const f of summary.functions) console.log(`    ${pct(f.share)}  ${f.name}  ${f.where}`);
  console.log("  self time by package / folder:");
  for (const p of summary.packages) console.log(`    ${pct(p.share)}  ${p.name}`);
  console.log("  total time by source file (on the stack):");
  for (const f of summary.files) console.log(`    ${pct(f.share)}  ${f.name}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: cpuprofile.ts <file.cpuprofile> [top N]");
  printProfile(summariseProfile(file, Number(process.argv[3] ?? 25)));
}
