#!/usr/bin/env node
// The executable: check the Node version, then run the compiled CLI. Nothing else.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`docsgen needs Node.js 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}

// React renders several times faster in production mode; tests set their own NODE_ENV.
process.env.NODE_ENV ??= 'production';

const { compiled } = await import('./compile.js');
const { runCli } = await import(await compiled('cli'));
await runCli(process.argv);
