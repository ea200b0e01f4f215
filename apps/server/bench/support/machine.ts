import { cpus, loadavg } from 'node:os';

const cpu = cpus();

/** The machine a benchmark ran on, for its figures. */
export const machine = `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}`;

/** The load averages now (1, 5, 15 minutes): other work shares the cores. */
export const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
