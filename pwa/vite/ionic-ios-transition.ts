import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * A tree-shaking rule for the module of Ionic's iOS page transition (2.8 KB gz).
 *
 * Why: Ionic loads that transition itself, with a dynamic import, on iOS-mode devices only. It
 * also sat in the first chunk of every device because @ionic/core's components index re-exports
 * it (and @ionic/react re-exports that), and the bundler must keep a module it cannot prove free
 * of side effects even when nothing uses its exports. The module only defines the animation, so
 * it is marked free of side effects: iOS devices still get it through Ionic's dynamic import.
 * The module's name changes with each Ionic build, so it is read from the components index; the
 * build fails loudly if that no longer matches.
 */
export function iosTransitionSideEffectsRule(): { test: RegExp; sideEffects: false } {
  // @ionic/core as @ionic/react resolves it (the app depends on it only through @ionic/react).
  const fromIonicReact = createRequire(createRequire(import.meta.url).resolve('@ionic/react'));
  const index = fromIonicReact.resolve('@ionic/core/components');
  const file = /export\{iosTransitionAnimation\}from"\.\/(p-[\w-]+\.js)"/.exec(readFileSync(index, 'utf8'))?.[1];
  if (!file) throw new Error(`${index} no longer re-exports iosTransitionAnimation from one module: update vite/ionic-ios-transition.ts`);
  return { test: new RegExp(`[\\\\/]@ionic[\\\\/]core[\\\\/]components[\\\\/]${file.replace(/[.-]/g, '\\$&')}$`), sideEffects: false };
}
