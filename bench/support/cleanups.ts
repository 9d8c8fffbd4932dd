/**
 * Everything a bench run must leave behind it however it ends (children, a PostgreSQL cluster, temp
 * folders): removed in reverse order on exit, Ctrl-C or SIGTERM. Synchronous, so that it also runs from
 * the 'exit' event.
 */
const cleanups: (() => void)[] = [];

export function atExit(cleanup: () => void): void {
  cleanups.push(cleanup);
}

export function cleanUp(): void {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()!();
    } catch (error) {
      console.error(error);
    }
  }
}

process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    console.error(`\n${signal} reçu : arrêt des serveurs et du cluster…`);
    cleanUp();
    process.exit(130);
  });
