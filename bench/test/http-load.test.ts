import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHttp } from '../src/api/http-load.js';

// The API side of the bench plays one phone per connection (the push's and pull's paths keep a
// phone, its clientId and seq, in the connection's context): each connection must keep its context
// from one request to the next, and see its own answers there.

describe("the bench's HTTP load", () => {
  let server: Server;
  let base = '';
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.end(JSON.stringify({ echoed: req.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps one context per connection for as long as it lives, with its own answers in it', async () => {
    let made = 0;
    const contexts = new Set<Record<string, unknown>>();
    let answers = 0;
    let answersElsewhere = 0;
    const measured = await runHttp(base, {
      method: 'GET', path: '/', token: 'none',
      setup: (context) => {
        contexts.add(context);
        context.phone ??= ++made;
        context.seq = ((context.seq as number | undefined) ?? 0) + 1;
        return { path: `/?phone=${context.phone}&seq=${context.seq}` };
      },
      onResponse: (_status, body, context) => {
        answers++;
        if ((JSON.parse(body) as { echoed: string }).echoed !== `/?phone=${context.phone}&seq=${context.seq}`) answersElsewhere++;
      },
    }, { connections: 3, seconds: 1, warmupSeconds: 1 });

    expect(measured.errors).toBe(0);
    // Three connections in the warm-up and three in the measured run: six phones, however many requests.
    expect(made).toBe(6);
    expect(contexts.size).toBe(6);
    expect(seen.length).toBeGreaterThan(made * 3);
    // Each phone counted its requests up from 1, as a phone's seq does.
    for (let phone = 1; phone <= made; phone++) {
      const seqs = seen.filter((url) => url.startsWith(`/?phone=${phone}&`)).map((url) => Number(new URLSearchParams(url.slice(2)).get('seq')));
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    // Every answer came to the context of the request it answers (a run's last requests, cut off by its deadline, get none).
    expect(answers).toBeGreaterThanOrEqual(seen.length - made);
    expect(answersElsewhere).toBe(0);
  });
});
