/** What the numbers were measured on. */
import os from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  system: string;
  node: string;
}

export function describeMachine(): MachineInfo {
  return {
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    system: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}
