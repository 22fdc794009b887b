export interface SseEvent { event: string; data: unknown }

/** Reads a server-sent event stream over a real socket, as a browser would. */
export async function openSseStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const queue: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let raw = '';
  if (!res.ok) await res.body?.cancel();
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          raw += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = raw.indexOf('\n\n')) >= 0) {
            const block = raw.slice(0, end);
            raw = raw.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) queue.push({ event, data: JSON.parse(data) });
            else if (block.startsWith(':')) queue.push({ event: 'comment', data: block });
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    async next(timeoutMs = 3000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (Date.now() > deadline) throw new Error('no event in time');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return queue.shift() as SseEvent;
    },
    pending: () => queue.length,
    close: () => controller.abort(),
  };
}
