// Who used the CPU during a measurement: this bench's own process tree (shop, database, load
// generator, ceiling) or something else on the machine. "Others" is the machine's busy time
// (/proc/stat, which also holds processes that came and went between samples) less our
// tree's, sampled per process four times a second (one of ours that ends loses at most its
// last quarter second, which counts as "others").
import fs from "node:fs";
import os from "node:os";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Sample {
  ppid: number;
  ticks: number;
  name: string;
}

function readAll(): Map<number, Sample> {
  const all = new Map<number, Sample>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return all;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      // fields[0] is state (field 3); utime and stime are fields 14 and 15
      all.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), name });
    } catch {
      // ended meanwhile
    }
  }
  return all;
}

/** Busy jiffies of the whole machine (all but idle and iowait). */
function machineBusy(): number {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    return total - (v[3] ?? 0) - (v[4] ?? 0);
  } catch {
    return 0;
  }
}

function isOurs(pid: number, all: Map<number, Sample>): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
    if (p === process.pid) return true;
    const next = all.get(p)?.ppid;
    if (next === undefined) return false;
    p = next;
  }
  return false;
}

export interface CpuUse {
  seconds: number;
  /** cores used on average by this bench's process tree */
  ours: number;
  /** cores used on average by every other process */
  others: number;
  /** the busiest other processes, cores on average */
  top: { name: string; pid: number; cores: number }[];
}

export function watchCpu() {
  let previous = readAll();
  const busyAtStart = machineBusy();
  const ours = new Map<number, number>();
  const others = new Map<number, { name: string; ticks: number }>();
  const started = Date.now();
  const sample = () => {
    const now = readAll();
    for (const [pid, s] of now) {
      const before = previous.get(pid)?.ticks ?? 0; // a new process: all its time
      const delta = s.ticks - before;
      if (delta <= 0) continue;
      if (isOurs(pid, now)) ours.set(pid, (ours.get(pid) ?? 0) + delta);
      else others.set(pid, { name: s.name, ticks: (others.get(pid)?.ticks ?? 0) + delta });
    }
    previous = now;
  };
  const timer = setInterval(sample, 250);
  return {
    stop(): CpuUse {
      clearInterval(timer);
      sample();
      const seconds = (Date.now() - started) / 1000;
      const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
      const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
      const ourTicks = sum(ours.values());
      const otherTicks = Math.max(sum([...others.values()].map((o) => o.ticks)), machineBusy() - busyAtStart - ourTicks);
      return {
        seconds,
        ours: cores(ourTicks),
        others: cores(otherTicks),
        top: [...others.entries()]
          .map(([pid, o]) => ({ pid, name: o.name, cores: cores(o.ticks) }))
          .sort((a, b) => b.cores - a.cores)
          .slice(0, 3),
      };
    },
  };
}

export const CORES = os.cpus().length;

/**
 * Waits until other processes use less than `threshold` cores over a 2-second window, for at
 * most `maxSeconds`; returns whether it got quiet.
 */
export async function waitForQuiet(threshold: number, maxSeconds: number, onWait: (use: CpuUse) => void): Promise<boolean> {
  const deadline = Date.now() + maxSeconds * 1000;
  let told = false;
  while (true) {
    const watch = watchCpu();
    await new Promise((r) => setTimeout(r, 2000));
    const use = watch.stop();
    if (use.others < threshold) return true;
    if (!told) onWait(use);
    told = true;
    if (Date.now() > deadline) return false;
  }
}
