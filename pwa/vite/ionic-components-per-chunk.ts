import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Lets each Ionic component travel with the pages that use it (the teacher's phone page
 * must not download the admin forms' date picker, selects, text areas…).
 *
 * Why: @ionic/react defines every component wrapper in ONE module (dist/index.js). Whatever any
 * page uses from it stays in that module, and that module sits in the entry chunk, so the first
 * page paid for ion-datetime, ion-select, ion-modal, ion-alert and the rest. This plugin rewrites
 * the app's `import { IonSelect } from '@ionic/react'` into a tiny virtual module per component
 * that builds the same wrapper (the same factory call with the same arguments, read from
 * @ionic/react itself at build time; its factories are exported for this), so each component's
 * code lands in the chunks of the pages that import it. React-only pieces (IonApp, IonPage,
 * IonRouterOutlet, hooks) keep coming from @ionic/react. Icons from ionicons/icons get the same
 * treatment (one small module per icon, so each page carries only the icons it shows). Build only: dev and unit tests use the
 * package as it is. The build fails loudly if a new @ionic/react no longer matches.
 *
 * Why not a supported way (measured at 33ce233, the teacher's first visit, gz): @ionic/react
 * has no per-component entry points (one module importing all 91 elements), so no chunking can
 * split it: without this plugin 368 KB (366 KB with a manual 'ionic' chunk), with it 275 KB, and
 * 250.3 KB with first-load-chunks. Ionic documents no React setup on @ionic/core's custom elements
 * alone (React 19 support is an open request, ionic-framework#30107); it would rewrite 514 Ionic
 * elements in 151 files and lose the wrappers' overlay and router integration.
 */

const VIRTUAL_PREFIX = 'virtual:ionic-component/';
const RESOLVED_PREFIX = `\0${VIRTUAL_PREFIX}`;
/** @ionic/react's own factories, exported under these names by the transform below. */
const FACTORIES = ['createComponent', 'createRoutingComponent', 'createInlineOverlayComponent'] as const;
const factoryExport = (factory: string) => `__rollbook_${factory}`;

interface WrapperRecipe {
  factory: (typeof FACTORIES)[number];
  /** The factory's arguments as written, with each imported binding replaced by `$<index>`. */
  args: string;
  /** The @ionic/core bindings the arguments use, in `$<index>` order. */
  bindings: { imported: string; from: string }[];
}

/**
 * Reads the component wrappers out of @ionic/react's bundled source: every
 * `const IonX = /*@__PURE__*\/ <factory>(...)` whose arguments only use @ionic/core imports.
 */
export function readWrapperRecipes(source: string): Map<string, WrapperRecipe> {
  const imports = new Map<string, { imported: string; from: string }>();
  for (const [, list = '', from = ''] of source.matchAll(/import \{([^}]*)\} from '(@ionic\/core\/components\/[\w.-]+)';/g)) {
    for (const specifier of list.split(',')) {
      const [imported = '', local = imported] = specifier.trim().split(/\s+as\s+/);
      imports.set(local, { imported, from });
    }
  }
  const recipes = new Map<string, WrapperRecipe>();
  const wrapper = new RegExp(`^const (Ion\\w+) = /\\*@__PURE__\\*/ (${FACTORIES.join('|')})\\(([\\s\\S]*?)\\);$`, 'gm');
  for (const [, name = '', factory = '', rawArgs = ''] of source.matchAll(wrapper)) {
    const bindings: WrapperRecipe['bindings'] = [];
    let usable = true;
    const args = rawArgs
      .replace(/\/\/.*$/gm, '')
      .replace(/\b(React)\b/g, '$REACT')
      .replace(/(?<![\w$'.-])[A-Za-z_]\w*\$[\w$]*/g, (binding: string) => {
        const source = imports.get(binding);
        if (!source) {
          usable = false;
          return binding;
        }
        bindings.push(source);
        return `$${bindings.length - 1}`;
      });
    // Anything else the arguments reference lives inside @ionic/react: leave that component there.
    if (/[A-Za-z_]\w*\$/.test(args)) usable = false;
    if (usable) recipes.set(name, { factory: factory as WrapperRecipe['factory'], args, bindings });
  }
  return recipes;
}

const HOOK_PREFIX = 'virtual:ionic-hook/';
const RESOLVED_HOOK_PREFIX = `\0${HOOK_PREFIX}`;

interface HookRecipe {
  /** The hook's function as @ionic/react writes it. */
  source: string;
  /** The controller it drives, imported from @ionic/core/components. */
  controller: string;
  /** The overlay element's module and the local name @ionic/react gives its definer. */
  define: { local: string; from: string };
}

/**
 * Reads the overlay hooks (useIonAlert, useIonToast…) out of @ionic/react's source: each is
 * `function useIonX() { const controller = useController('IonX', xController, defineCustomElement$N); … }`.
 * Left inside @ionic/react they keep every overlay they could show in its one shared module, so
 * the first page paid for the toast and the alert that only admin forms use.
 */
export function readHookRecipes(source: string): Map<string, HookRecipe> {
  const definers = new Map<string, string>();
  for (const [, local = '', from = ''] of source.matchAll(/import \{ defineCustomElement as (defineCustomElement\$\w+) \} from '(@ionic\/core\/components\/ion-[\w-]+\.js)';/g)) {
    definers.set(local, from);
  }
  const recipes = new Map<string, HookRecipe>();
  for (const [text, name = '', controller = '', local = ''] of source.matchAll(
    /^function (useIon\w+)\(\) \{\n {4}const controller = useController\('Ion\w+', (\w+Controller), (defineCustomElement\$\w+)\);\n[\s\S]*?^\}$/gm,
  )) {
    const from = definers.get(local);
    // Only calls the copy can make: its own hook, React's useCallback, the controller's present.
    const allowed = new Set([name, 'useController', 'useCallback', 'controller.present', 'Array.isArray']);
    const calls = [...text.matchAll(/([\w$.]+)\(/g)].map(([, callee = '']) => callee);
    if (from && calls.every((callee) => allowed.has(callee))) recipes.set(name, { source: text, controller, define: { local, from } });
  }
  return recipes;
}

const ICON_PREFIX = 'virtual:ionicon/';
const RESOLVED_ICON_PREFIX = `\0${ICON_PREFIX}`;

/** Reads `export const name = "data:…";` lines of ionicons/icons. */
export function readIcons(source: string): Map<string, string> {
  return new Map([...source.matchAll(/^export const (\w+) = ("[^"\n]*");?$/gm)].map(([, name = '', value = '']) => [name, value]));
}

/**
 * Rewrites the value imports from `module` that `splittable` holds into one import per name from
 * `<prefix><name>`; returns null when the file needs no change.
 */
export function splitImports(code: string, module: string, prefix: string, splittable: ReadonlySet<string>): string | null {
  const importFrom = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${module.replace(/[/]/g, '\\/')}['"];?`, 'g');
  let changed = false;
  const rewritten = code.replace(importFrom, (statement, list: string) => {
    const kept: string[] = [];
    const split: string[] = [];
    for (const raw of list.split(',')) {
      const specifier = raw.trim();
      if (specifier === '') continue;
      const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
      if (!specifier.startsWith('type ') && splittable.has(imported)) {
        split.push(`import { ${imported} as ${local} } from '${prefix}${imported}';`);
      } else {
        kept.push(specifier);
      }
    }
    if (split.length === 0) return statement;
    changed = true;
    // Same number of lines as before, so the source maps of the rest of the file stay right.
    const lineBreaks = '\n'.repeat(statement.split('\n').length - 1);
    return [kept.length > 0 ? `import { ${kept.join(', ')} } from '${module}';` : '', ...split].join(' ') + lineBreaks;
  });
  return changed ? rewritten : null;
}

export function ionicComponentsPerChunk(): Plugin {
  let recipes = new Map<string, WrapperRecipe>();
  let hooks = new Map<string, HookRecipe>();
  let ionicReactEntry = '';
  let icons = new Map<string, string>();
  const resolvedFromIonicReact = new Map<string, string>();
  const appSource = fileURLToPath(new URL('../src/', import.meta.url));

  return {
    name: 'rollbook-ionic-components-per-chunk',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const resolved = await this.resolve('@ionic/react', `${appSource}main.tsx`);
      if (!resolved) throw new Error('@ionic/react could not be resolved');
      ionicReactEntry = resolved.id;
      recipes = readWrapperRecipes(readFileSync(ionicReactEntry, 'utf8'));
      if (recipes.size === 0) throw new Error(`No createComponent wrappers found in ${ionicReactEntry}: update vite/ionic-components-per-chunk.ts`);
      hooks = readHookRecipes(readFileSync(ionicReactEntry, 'utf8'));
      for (const hook of ['useIonAlert', 'useIonToast']) {
        if (!hooks.has(hook)) throw new Error(`${hook} no longer matches in ${ionicReactEntry}: update vite/ionic-components-per-chunk.ts`);
      }
      const iconsModule = await this.resolve('ionicons/icons', `${appSource}main.tsx`);
      if (!iconsModule) throw new Error('ionicons/icons could not be resolved');
      icons = readIcons(readFileSync(iconsModule.id, 'utf8'));
      if (icons.size === 0) throw new Error(`No icons found in ${iconsModule.id}: update vite/ionic-components-per-chunk.ts`);
    },
    resolveId(source) {
      if (source.startsWith(VIRTUAL_PREFIX) && recipes.has(source.slice(VIRTUAL_PREFIX.length))) return `\0${source}`;
      if (source.startsWith(HOOK_PREFIX) && hooks.has(source.slice(HOOK_PREFIX.length))) return `\0${source}`;
      if (source.startsWith(ICON_PREFIX) && icons.has(source.slice(ICON_PREFIX.length))) return `\0${source}`;
      return null;
    },
    async load(id) {
      if (id.startsWith(RESOLVED_ICON_PREFIX)) {
        const name = id.slice(RESOLVED_ICON_PREFIX.length);
        return `export const ${name} = ${icons.get(name)};`;
      }
      // Resolve the wrapper's own dependencies from @ionic/react, exactly as it does.
      const from = async (specifier: string) => {
        let path = resolvedFromIonicReact.get(specifier);
        if (!path) {
          const resolved = await this.resolve(specifier, ionicReactEntry);
          if (!resolved) throw new Error(`${specifier} could not be resolved from @ionic/react`);
          path = resolved.id;
          resolvedFromIonicReact.set(specifier, path);
        }
        return JSON.stringify(path);
      };
      if (id.startsWith(RESOLVED_HOOK_PREFIX)) {
        const hook = hooks.get(id.slice(RESOLVED_HOOK_PREFIX.length));
        if (!hook) return null;
        return [
          `import { useCallback } from ${await from('react')};`,
          `import { __rollbook_useController as useController } from ${JSON.stringify(ionicReactEntry)};`,
          `import { ${hook.controller} } from ${await from('@ionic/core/components')};`,
          `import { defineCustomElement as ${hook.define.local} } from ${await from(hook.define.from)};`,
          `export ${hook.source}`,
        ].join('\n');
      }
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const name = id.slice(RESOLVED_PREFIX.length);
      const recipe = recipes.get(name);
      if (!recipe) return null;
      const lines = [
        `import React from ${await from('react')};`,
        `import { ${factoryExport(recipe.factory)} as factory } from ${JSON.stringify(ionicReactEntry)};`,
      ];
      for (const [index, binding] of recipe.bindings.entries()) {
        lines.push(`import { ${binding.imported} as $${index} } from ${await from(binding.from)};`);
      }
      lines.push(`export const ${name} = /*@__PURE__*/ factory(${recipe.args.replace(/\$REACT\b/g, 'React')});`);
      return lines.join('\n');
    },
    transform(code, id) {
      if (id === ionicReactEntry) {
        const missing = FACTORIES.filter((factory) => !new RegExp(`^(const|function) ${factory}\\b|import \\{[^}]*\\b${factory}\\b`, 'm').test(code));
        if (missing.length > 0) throw new Error(`@ionic/react no longer defines ${missing.join(', ')}: update vite/ionic-components-per-chunk.ts`);
        const exports = [...FACTORIES, 'useController'].map((factory) => `${factory} as ${factoryExport(factory)}`).join(', ');
        // Some wrappers lack the pure mark their siblings have (IonNav, IonTabBar…): add it, so that
        // unused ones (and their @ionic/core elements) drop out of the bundle like the others.
        const marked = code
          .replace(/^const (\w+) = (createForwardRef|createReactComponent|React\.memo)\(/gm, 'const $1 = /*@__PURE__*/ $2(')
          // `class X extends React.Component` reads a property, which the bundler must assume has
          // side effects, so it kept every such class (IonTabs, IonTabBar, IonBackButton) and their
          // elements. Reading the two base classes once, up front, lets unused ones drop out.
          .replace(/\bextends React\.(Component|PureComponent) \{/g, 'extends __rollbook_React$1 {');
        const bases = 'const __rollbook_ReactComponent = React.Component;\nconst __rollbook_ReactPureComponent = React.PureComponent;\n';
        return { code: `${bases}${marked}\nexport { ${exports} };\n`, map: null };
      }
      if (!id.startsWith(appSource) || !/\.tsx?$/.test(id)) return null;
      const withComponents = splitImports(code, '@ionic/react', VIRTUAL_PREFIX, new Set(recipes.keys())) ?? code;
      const withHooks = splitImports(withComponents, '@ionic/react', HOOK_PREFIX, new Set(hooks.keys())) ?? withComponents;
      const withIcons = splitImports(withHooks, 'ionicons/icons', ICON_PREFIX, new Set(icons.keys())) ?? withHooks;
      return withIcons === code ? null : { code: withIcons, map: null };
    },
  };
}
