import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServerChild } from '../test/faults/server-process.js';
import { nginxSite } from './deploy-files.js';

/** Names the server that answered, in every answer through the test's nginx. */
export const UPSTREAM_HEADER = 'x-test-upstream';

/** The port of the server that answered, from nginx's $upstream_addr ("127.0.0.1:3001, 127.0.0.1:3002": tried the first, answered by the last). */
const answeringPort = (upstreamAddr: string): number => Number((upstreamAddr.split(', ').pop() ?? '').split(':')[1] ?? 0);

/** The port of the server that answered (the last one nginx tried). */
export const upstreamPort = (headers: Headers): number => answeringPort(headers.get(UPSTREAM_HEADER) ?? '');

/** Debian's nginx (installed by .ci/run when missing). */
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/**
 * Debian's nginx running the example site (deploy/nginx/rollbook.conf) in front of the given
 * ports, in a folder of its own: the main configuration around the site is the test's (where
 * Debian's /etc/nginx/nginx.conf would be), with one worker so that round-robin is strict and an
 * access log of which server answered each request.
 */
export class Nginx extends ServerChild {
  constructor(private readonly dir: string, readonly port: number, private readonly upstreamPorts: number[]) {
    super(10_000);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    for (const sub of ['temp', 'logs']) mkdirSync(join(this.dir, sub), { recursive: true });
    writeFileSync(join(this.dir, 'rollbook.conf'), nginxSite(this.upstreamPorts, this.port));
    const main = [
      'daemon off;',
      // Run as root (CI), the workers would drop to nobody, who cannot write this folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${join(this.dir, 'nginx.pid')};`,
      `error_log ${join(this.dir, 'logs', 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      "  log_format upstream '$request_method $uri $status $upstream_addr $upstream_status';",
      `  access_log ${join(this.dir, 'logs', 'access.log')} upstream;`,
      // Which server answered, for the test to see (the site adds no headers, so it inherits this).
      `  add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(this.dir, 'temp', t)};`),
      `  include ${join(this.dir, 'rollbook.conf')};`,
      '}',
    ].join('\n');
    const conf = join(this.dir, 'nginx.conf');
    writeFileSync(conf, `${main}\n`);
    const args = ['-p', `${this.dir}/`, '-c', conf, '-e', join(this.dir, 'logs', 'error.log')];
    const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
    this.spawnServer(NGINX, args, { env: process.env });
    await this.answering(`${this.url}/api/infra/GetVersionNumber`, 'nginx', 30_000);
  }

  /** How many requests each upstream answered, by port, from the access log (first upstream tried). */
  answeredBy(filter: (line: { method: string; uri: string; status: number }) => boolean = () => true): Map<number, number> {
    const counts = new Map<number, number>();
    const log = readFileSync(join(this.dir, 'logs', 'access.log'), 'utf8');
    for (const line of log.split('\n')) {
      const [method, uri, status, upstream] = line.split(' ');
      if (!method || !uri || !upstream || !filter({ method, uri, status: Number(status) })) continue;
      const port = answeringPort(upstream);
      if (port) counts.set(port, (counts.get(port) ?? 0) + 1);
    }
    return counts;
  }

  /** Statuses nginx itself answered (502: the upstream died mid-request), from the access log. */
  statuses(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const line of readFileSync(join(this.dir, 'logs', 'access.log'), 'utf8').split('\n')) {
      const status = Number(line.split(' ')[2]);
      if (status) counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    return counts;
  }
}
