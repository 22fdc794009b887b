import type { Plugin } from 'vite';

/**
 * Lets Ionic's element renders (Stencil's queue of DOM writes) yield to the browser every few
 * milliseconds, instead of running every queued render in one animation frame.
 *
 * Why: when a page first mounts, React appends all its Ionic elements in one commit and each
 * queues its first render; Stencil's runtime, as @ionic/core builds it, then runs the whole queue
 * in the next frame: one task of 100-500 ms on a 4x slower phone (the largest share of the
 * teacher's week's and the courses list's Lighthouse blocking time). Stencil has this slicing
 * itself (its `taskQueue: 'congestionAsync'` build option: a frame runs writes until its time is
 * up and leaves the rest, in order, for the next frame), but Ionic builds with plain `async`. This
 * rewrites the runtime's frame callback the same way: reads first, as before, then queued writes
 * in order until WRITE_BUDGET_MS have passed (at least one per frame); what is left runs in the
 * following frames. Writes queued while the frame runs (children of a rendered element) join the
 * end of the queue, as before. Build only; the build fails loudly if a new Ionic no longer matches.
 */

/** Milliseconds of queued writes per frame: ~35 ms on the 4x slower phone, under a long task's 50. */
const WRITE_BUDGET_MS = 8;

/**
 * The runtime's frame callback, minified: `P=()=>{H(U),H(D),(F=U.length>0)&&W()}`: run every read,
 * every write, then ask for another frame if reads were queued meanwhile. Groups: 1 the callback,
 * 2 the run-all helper, 3 reads, 4 writes, 5 the pending flag, 6 the ask-for-a-frame function.
 */
const FLUSH = /\b(\w+)=\(\)=>\{(\w+)\((\w+)\),\2\((\w+)\),\((\w+)=\3\.length>0\)&&(\w+)\(\)\}/;

/** Rewrites Stencil's runtime module; throws when its shape has changed. */
export function withSlicedWrites(code: string): string {
  const matches = [...code.matchAll(new RegExp(FLUSH.source, 'g'))];
  if (matches.length !== 1) throw new Error(`Stencil's frame callback matched ${matches.length} times, not once: update vite/stencil-sliced-writes.ts`);
  const [flush, name, runAll, reads, writes, pending, nextFrame] = matches[0] as unknown as string[];
  // Each write is called as before (with the time, errors reported and the queue going on).
  const sliced = `${name}=()=>{${runAll}(${reads});const __until=performance.now()+${WRITE_BUDGET_MS};let __done=0;`
    + `for(;__done<${writes}.length&&(__done===0||performance.now()<__until);__done++)try{${writes}[__done](performance.now())}catch(e){console.error(e)}`
    + `${writes}.splice(0,__done),(${pending}=${reads}.length>0||${writes}.length>0)&&${nextFrame}()}`;
  return code.replace(flush as string, sliced);
}

/** Stencil's runtime is the one @ionic/core components module that defines the frame callback. */
export function stencilSlicedWrites(): Plugin {
  let rewritten = 0;
  return {
    name: 'rollbook-stencil-sliced-writes',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@ionic[\\/]core[\\/]components[\\/]p-[\w-]+\.js$/.test(id) || !FLUSH.test(code)) return null;
      rewritten += 1;
      return { code: withSlicedWrites(code), map: null };
    },
    buildEnd(error) {
      if (!error && rewritten !== 1) throw new Error(`Stencil's runtime was rewritten ${rewritten} times, not once: update vite/stencil-sliced-writes.ts`);
    },
  };
}
