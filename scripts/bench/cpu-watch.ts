// Who used the CPU during a measurement: this bench's own process tree (shop, database, load
// generator, ceiling) or something else on the machine. Samples /proc once a second; a
// process that ends between two samples loses at most its last second.
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
  const timer = setInterval(sample, 1000);
  return {
    stop(): CpuUse {
      clearInterval(timer);
      sample();
      const seconds = (Date.now() - started) / 1000;
      const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
      const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
      return {
        seconds,
        ours: cores(sum(ours.values())),
        others: cores(sum([...others.values()].map((o) => o.ticks))),
        top: [...others.entries()]
          .map(([pid, o]) => ({ pid, name: o.name, cores: cores(o.ticks) }))
          .sort((a, b) => b.cores - a.cores)
          .slice(0, 3),
      };
    },
  };
}

export const CORES = os.cpus().length;
