// Summarises a V8 .cpuprofile (written by `node --cpu-prof`): the functions with the most
// self time, and self time by package. Also usable alone:
// `node scripts/bench/cpuprofile.ts <file.cpuprofile> [top N]`.
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
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
  functions: { name: string; where: string; ms: number; share: number }[];
  packages: { name: string; ms: number; share: number }[];
}

/** Where a script comes from: a package name, "node:internal", the shop's own folder, or "(program)"-like V8 entries. */
function packageOf(url: string): string {
  if (!url) return "(v8/native)";
  if (url.startsWith("node:")) return "node (built-in)";
  const file = url.replace(/^file:\/\//, "");
  const nm = file.lastIndexOf("/node_modules/");
  if (nm >= 0) {
    const rest = file.slice(nm + "/node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? file);
  }
  const rel = path.relative(path.resolve(import.meta.dirname, "../.."), file);
  return rel.startsWith("..") ? file : rel.split("/").slice(0, 2).join("/");
}

export function summariseProfile(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  // Self time per node: samples × the interval that followed each.
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] ?? 0;
    const dt = deltas[i + 1] ?? deltas[i] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  }
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0) || 1;
  const byFunction = new Map<string, { name: string; where: string; us: number }>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (!us) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || "(anonymous)";
    const pkg = packageOf(url);
    const where = url ? `${pkg === "node (built-in)" ? url : pkg}:${lineNumber + 1}` : "";
    const key = `${name}|${url}|${lineNumber}`;
    const entry = byFunction.get(key) ?? { name, where, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
    const group = name === "(garbage collector)" ? "(garbage collector)" : name === "(idle)" ? "(idle)" : pkg;
    byPackage.set(group, (byPackage.get(group) ?? 0) + us);
  }
  return {
    totalMs: total / 1000,
    functions: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: f.us / total })),
    packages: [...byPackage.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / total })),
  };
}

export function printProfile(summary: ProfileSummary) {
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)}%`;
  console.log(`  sampled ${(summary.totalMs / 1000).toFixed(1)} s`);
  console.log("  self time by function:");
  for (const f of summary.functions) console.log(`    ${pct(f.share)}  ${f.name}  ${f.where}`);
  console.log("  self time by package / folder:");
  for (const p of summary.packages) console.log(`    ${pct(p.share)}  ${p.name}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: cpuprofile.ts <file.cpuprofile> [top N]");
  printProfile(summariseProfile(file, Number(process.argv[3] ?? 25)));
}
