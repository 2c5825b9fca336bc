/**
 * Loaded into the compiled gateway (`node --import tsx --import bench/lib/profiler-preload.ts
 * dist/server/main.js`) only when the harness profiles it (bench/lib/gateway-process.ts): takes the
 * harness's profile commands over the IPC channel (bench/lib/profiler-commands.ts).
 */
import { acceptProfileCommands } from './profiler-commands.ts';

if (process.send) acceptProfileCommands();
