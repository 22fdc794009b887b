import { afterEach, describe, expect, it, vi } from 'vitest';
import { withSlicedWrites } from './stencil-sliced-writes';

// Stencil's frame scheduler in the shape @ionic/core's minified runtime has it (reads U, writes D,
// run-all H, pending flag F, ask-for-a-frame W, frame callback P), so the rewrite is tested on what
// it really changes: which queued renders run in a frame, in what order, and what is left.
const RUNTIME = `
const U=[],D=[];let F=false;const frames=[];
const W=()=>{frames.push(1)};
const H=(q)=>{for(let i=0;i<q.length;i++){try{q[i](performance.now())}catch(e){console.error(e)}}q.length=0};
let P=()=>{H(U),H(D),(F=U.length>0)&&W()};
return {reads:U,writes:D,frames,frame:()=>P(),pending:()=>F};`;

interface Scheduler {
  reads: Array<() => void>;
  writes: Array<() => void>;
  frames: number[];
  frame: () => void;
  pending: () => boolean;
}

const scheduler = (code: string) => new Function(code)() as Scheduler;

/** A clock that moves `ms` on every reading, as if each render took that long. */
function clockStepping(ms: number) {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += ms));
}

afterEach(() => vi.restoreAllMocks());

describe("Stencil's frame callback, sliced", () => {
  it('runs queued renders in order until the frame budget is spent and leaves the rest, in order, for the next frames', () => {
    clockStepping(3);
    const s = scheduler(withSlicedWrites(RUNTIME));
    const ran: number[] = [];
    for (let i = 0; i < 10; i += 1) s.writes.push(() => ran.push(i));

    s.frame();
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.length).toBeLessThan(10);
    expect(s.writes).toHaveLength(10 - ran.length);
    expect(s.frames).toHaveLength(1); // another frame asked for the rest
    expect(s.pending()).toBe(true);

    while (s.writes.length > 0) s.frame();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('runs every read before any write, and at least one write even when a frame has no time left', () => {
    clockStepping(50);
    const s = scheduler(withSlicedWrites(RUNTIME));
    const ran: string[] = [];
    s.writes.push(() => ran.push('write 1'), () => ran.push('write 2'));
    s.reads.push(() => ran.push('read 1'), () => ran.push('read 2'));

    s.frame();
    expect(ran).toEqual(['read 1', 'read 2', 'write 1']);
    s.frame();
    expect(ran).toEqual(['read 1', 'read 2', 'write 1', 'write 2']);
    expect(s.pending()).toBe(false);
  });

  it('reports a failing render and goes on with the next, as Stencil does', () => {
    clockStepping(1);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const s = scheduler(withSlicedWrites(RUNTIME));
    const ran: string[] = [];
    s.writes.push(() => { throw new Error('render failed'); }, () => ran.push('next'));

    s.frame();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(ran).toEqual(['next']);
    expect(s.writes).toHaveLength(0);
  });

  it('runs a render queued during the frame (a child of a rendered element) after those queued before it', () => {
    clockStepping(1);
    const s = scheduler(withSlicedWrites(RUNTIME));
    const ran: string[] = [];
    s.writes.push(() => { ran.push('parent'); s.writes.push(() => ran.push('child')); }, () => ran.push('sibling'));

    while (s.writes.length > 0) s.frame();
    expect(ran).toEqual(['parent', 'sibling', 'child']);
  });

  it('does the same work as the unsliced callback when the frame has time for all of it', () => {
    clockStepping(0.1);
    const unsliced = scheduler(RUNTIME);
    const sliced = scheduler(withSlicedWrites(RUNTIME));
    for (const s of [unsliced, sliced]) for (let i = 0; i < 5; i += 1) s.writes.push(() => undefined);
    unsliced.frame();
    sliced.frame();
    expect(sliced.writes).toHaveLength(unsliced.writes.length);
    expect(sliced.frames).toEqual(unsliced.frames);
  });

  it("fails the build when Ionic's runtime no longer has the callback exactly once", () => {
    expect(() => withSlicedWrites('const x=1;')).toThrow(/matched 0 times/);
    const twice = RUNTIME.replace('return', 'let Q=()=>{H(U),H(D),(F=U.length>0)&&W()};return');
    expect(() => withSlicedWrites(twice)).toThrow(/matched 2 times/);
  });
});
