import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The cluster test runs the deployment files the guide (docs/deploy.md) tells a school to install:
// the systemd unit's Environment and ExecStart lines, the example environment file, and the nginx
// site. Only what must differ on a test machine is changed (the checkout's path for /opt/rollbook,
// this Node for /usr/bin/node, ports, the CHANGE-ME values), and each change checks that the line
// it changes is there, so the files cannot drift from what is tested.

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEPLOY = join(REPO_ROOT, 'deploy');
const INSTALL_ROOT = '/opt/rollbook';

export interface ServerCommand {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

function unitLines(): { key: string; value: string }[] {
  const text = readFileSync(join(DEPLOY, 'systemd', 'rollbook@.service'), 'utf8');
  return text.split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('['))
    .map((line) => {
      const at = line.indexOf('=');
      return { key: line.slice(0, at), value: line.slice(at + 1) };
    });
}

/** NAME=value lines of an environment file (no quoting: the example uses none). */
export function readEnvironmentFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at <= 0) throw new Error(`${path}: not NAME=value: ${line}`);
    env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
}

const fromInstallRoot = (path: string) => (path.startsWith(INSTALL_ROOT) ? join(REPO_ROOT, path.slice(INSTALL_ROOT.length)) : path);

/**
 * How systemd would start rollbook@<port> with the example environment file installed, on a
 * machine where the checkout is /opt/rollbook. `secrets` gives the values the example leaves as
 * CHANGE-ME (every one of them must be given); `extra` adds what a test needs (APP_VERSION …).
 */
export function serverCommand(port: number, secrets: Record<string, string>, extra: Record<string, string> = {}): ServerCommand {
  const lines = unitLines();
  const one = (key: string) => {
    const found = lines.filter((l) => l.key === key);
    if (found.length !== 1) throw new Error(`rollbook@.service: expected one ${key}= line, found ${found.length}`);
    return found[0]!.value;
  };
  const environmentFile = one('EnvironmentFile');
  if (environmentFile !== '/etc/rollbook/rollbook.env') throw new Error(`rollbook@.service reads ${environmentFile}; the guide installs /etc/rollbook/rollbook.env`);
  const fileEnv = readEnvironmentFile(join(DEPLOY, 'rollbook.env.example'));
  for (const [name, value] of Object.entries(fileEnv)) {
    if (value.includes('CHANGE-ME') && secrets[name] === undefined) throw new Error(`rollbook.env.example: ${name} needs a value the cluster test does not give`);
  }
  for (const name of Object.keys(secrets)) {
    if (!(name in fileEnv)) throw new Error(`rollbook.env.example has no ${name}, which production needs`);
  }
  const unitEnv: Record<string, string> = {};
  for (const { value } of lines.filter((l) => l.key === 'Environment')) {
    const at = value.indexOf('=');
    unitEnv[value.slice(0, at)] = value.slice(at + 1).replaceAll('%i', String(port));
  }
  const [binary, ...args] = one('ExecStart').split(/\s+/);
  if (binary !== '/usr/bin/node') throw new Error(`rollbook@.service runs ${binary}, not /usr/bin/node`);
  return {
    command: process.execPath,
    args: args.map(fromInstallRoot),
    cwd: fromInstallRoot(one('WorkingDirectory')),
    // systemd: what EnvironmentFile= sets overrides Environment=.
    env: { PATH: process.env.PATH ?? '', ...unitEnv, ...fileEnv, ...secrets, ...extra },
  };
}

/**
 * The example nginx site with its upstream servers and listen port replaced: the only lines that
 * change. Its three `server 127.0.0.1:300N …;` lines become one line per given port, keeping their
 * parameters (max_fails, fail_timeout).
 */
export function nginxSite(ports: number[], listenPort: number): string {
  const text = readFileSync(join(DEPLOY, 'nginx', 'rollbook.conf'), 'utf8');
  const upstream = /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm;
  const servers = [...text.matchAll(upstream)];
  if (servers.length !== 3) throw new Error(`deploy/nginx/rollbook.conf: expected three upstream server lines, found ${servers.length}`);
  const [first] = servers;
  const indent = first![1] ?? '';
  const params = first![2] ?? '';
  const lines = ports.map((port) => `${indent}server 127.0.0.1:${port}${params};\n`).join('');
  let site = text.replace(first![0], lines);
  for (const other of servers.slice(1)) site = site.replace(other[0], '');
  if (!/^\s*listen 80;$/m.test(site)) throw new Error('deploy/nginx/rollbook.conf: no "listen 80;" line');
  return site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
}

/**
 * How long nginx leaves out a server that refused a connection (the site's `fail_timeout`). A
 * server back up before then gets no requests until it has passed, so a rolling upgrade waits this
 * long after each server is healthy before stopping the next: otherwise nginx can believe every
 * server is down and answer 502 (docs/deploy.md).
 */
export function nginxFailTimeoutMs(): number {
  const text = readFileSync(join(DEPLOY, 'nginx', 'rollbook.conf'), 'utf8');
  const found = /fail_timeout=(\d+)s/.exec(text);
  if (!found) throw new Error('deploy/nginx/rollbook.conf: no fail_timeout=Ns on the upstream servers');
  return Number(found[1]) * 1_000;
}
