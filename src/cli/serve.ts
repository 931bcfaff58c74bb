// `docsgen serve`: maps its flags to createDevServer(), prints where the site is, and stops
// cleanly on Ctrl+C. Under --watch with a terminal, `r` fetches a URL spec again and `q` quits;
// a change to a template component restarts the command (only a new process can load it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { commonOptions, integer } from './options';
import { exitOnSignal, failWith } from './exit';

interface ServeFlags {
  config?: string;
  out?: string;
  spec?: string;
  port?: number;
  host?: string;
  allowedHosts?: string[] | true;
  watch?: boolean;
  open?: boolean;
  pollSpec?: number;
  quiet?: boolean;
  color?: boolean;
}

/** `--allowed-hosts a.test,.b.test`; repeated flags add up; `all` (or `true`) answers any host. */
function hostList(value: string, previous: string[] | true | undefined): string[] | true {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (previous === true || names.some((n) => n === 'all' || n === 'true')) return true;
  const bad = names.find((n) => !/^\.?[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?$/.test(n));
  if (bad !== undefined || names.length === 0) throw new InvalidArgumentError(`Expected host names separated by commas (e.g. docs.test,.example.test), or all; got "${bad ?? value}".`);
  return [...(previous ?? []), ...names];
}

export function registerServe(program: Command): void {
  commonOptions(
    program
      .command('serve')
      .description('Serve the site on 127.0.0.1 for local authoring; with --watch, rebuild on change and reload the browser.')
      .addOption(new Option('-p, --port <number>', '[number] port to listen on (default: 3000, or the next free one)').argParser(integer(0, 65535)))
      .option('--host <host>', '[string] address to bind; 0.0.0.0 exposes the site to your network (default: 127.0.0.1)')
      .addOption(new Option('--allowed-hosts <names>', '[string] comma-separated names the server answers to besides localhost, IP addresses and --host (.docs.test: it and its subdomains; all: any name); others get 403').argParser(hostList))
      .option('-w, --watch', 'build in memory, rebuild on change and reload the browser')
      .option('--open', 'open the site in the default browser')
      .option('-o, --out <dir>', '[path] output folder to serve (default: build)')
      .option('-s, --spec <url|file>', '[string] OpenAPI spec, overriding the config')
      .addOption(new Option('--poll-spec <seconds>', '[number] with --watch and a URL spec: fetch it again every n seconds').argParser(integer(1, 86400))),
  ).action(async (flags: ServeFlags) => {
    const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
    const logger = createLogger({ quiet: flags.quiet, color: flags.color === false ? false : shouldUseColor() });
    // While the server starts (its first build may take minutes), a signal stops it at once. From
    // the moment it serves, `stop` closes it: both handlers are swapped in one synchronous step, so
    // a Ctrl+C just after "Serving …" is never met by Node's default action (death by signal).
    const stopStarting = await exitOnSignal(logger, 'serve');
    try {
      const { createDevServer } = await import('../serve/server');
      let restart: ((files: string[]) => void) | undefined;
      const server = await createDevServer({
        configFile: flags.config,
        outDir: flags.out,
        spec: flags.spec,
        port: flags.port,
        strictPort: flags.port !== undefined,
        host: flags.host,
        allowedHosts: flags.allowedHosts,
        watch: flags.watch,
        open: flags.open,
        pollSpecSeconds: flags.pollSpec,
        onTemplateCode: (files) => restart?.(files),
        logger,
      });
      const stopKeys = flags.watch ? listenToKeys(server, logger) : () => {};
      if (flags.watch && process.stdin.isTTY) logger.info('  press r to fetch the OpenAPI spec again, q to quit');
      const stop = () => {
        stopKeys();
        void server.close();
      };
      let child: Promise<number> | undefined;
      restart = (files) => {
        if (child) return;
        logger.info(`↻ ${files.map((f) => path.relative(process.cwd(), f)).join(', ')} changed: restarting to load the new templates…`);
        stopKeys();
        child = server.close().then(() => respawn(server.port));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      stopStarting();
      try {
        await server.closed;
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        stopKeys();
      }
      if (child) process.exitCode = await child;
    } catch (e) {
      stopStarting();
      failWith(e, logger, 'serve');
    }
  });
}

/**
 * Template components are compiled into docsgen's bundle, so a change to one needs a new
 * process: the same command again on the same port (bin/compile.js recompiles on start). The
 * browser's event stream reconnects by itself and the page reloads. This process waits for the
 * new one and exits with its code; Ctrl+C reaches both, and only the new one acts on it.
 */
function respawn(port: number): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--open');
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], ...args, '--port', String(port)], { stdio: 'inherit' });
  // Ctrl+C reaches the whole process group, the new process included; a SIGTERM sent to this
  // process alone is passed on.
  const ignore = () => {};
  const forward = () => child.kill('SIGTERM');
  process.on('SIGINT', ignore);
  process.on('SIGTERM', forward);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('SIGINT', ignore);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
    }),
  );
}

/** Single keys on an interactive terminal; returns the function that restores the terminal. */
function listenToKeys(server: { close(): Promise<void>; context?: { refetchSpec(): Promise<boolean> } }, logger: { info(m: string): void; warn(m: string): void }): () => void {
  const stdin = process.stdin;
  if (!stdin.isTTY) return () => {};
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  const onData = (key: string) => {
    if (key === 'r') {
      logger.info('Fetching the OpenAPI spec again…');
      void server.context?.refetchSpec().then((isUrl) => {
        if (!isUrl) logger.warn('(!) The OpenAPI spec is a file: it is rebuilt whenever it is saved, there is nothing to fetch.');
      });
    } else if (key === 'q' || key === '\u0003' || key === '\u0004') {
      void server.close();
    }
  };
  stdin.on('data', onData);
  stdin.resume();
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    stdin.off('data', onData);
    stdin.setRawMode(false);
    stdin.pause();
  };
}
