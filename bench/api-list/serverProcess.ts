import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { atExit } from '../support/cleanups.ts';
import { READY_PREFIX, type ReadyInfo } from './protocol.ts';

const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

/**
 * server.ts in a child process (its own event loop and memory, apart from the load generator or reader),
 * killed with the bench however it ends. `env`: BENCH_DATA_DIR, BENCH_USERS, BENCH_DATABASE_URL...
 */
export async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; info: ReadyInfo }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  atExit(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const info = await new Promise<ReadyInfo>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Le serveur de test ne s’est pas déclaré prêt en 240 s.')),
      240_000,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith(READY_PREFIX)) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(READY_PREFIX.length)) as ReadyInfo);
      } else console.log(`  [serveur] ${line}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Le serveur de test s’est arrêté avant d’être prêt (code ${code ?? signal}).`));
    });
  });
  return { child, info };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
