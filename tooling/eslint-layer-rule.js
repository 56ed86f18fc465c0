// ESLint rule `layers/imports`: every import of a workspace file must be allowed by the
// dependency table in ./layers.js, and a relative import must stay inside its own package.
import path from 'node:path';
import { layers } from './layers.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

const matches = (pattern, source) =>
  pattern.endsWith('/*')
    ? source.startsWith(pattern.slice(0, -1)) || source === pattern.slice(0, -2)
    : pattern.endsWith(':*')
      ? source.startsWith(pattern.slice(0, -1))
      : source === pattern;

/** The portal's features: each imports another only through `shared`, and `shared` imports none (issue #18.5). */
const featuresRoot = 'apps/portal/src/features/';
const sharedFeature = 'shared';
const featureOf = (rel) => (rel.startsWith(featuresRoot) ? rel.slice(featuresRoot.length).split('/')[0] : undefined);

const isTestFile = (file) =>
  /\.(test|spec|stories)\.tsx?$/.test(file) ||
  /[\\/](testing|test|\.storybook)[\\/]/.test(file) ||
  /vitest\.config|vite\.config/.test(file);
const isScriptFile = (file) => /[\\/]scripts[\\/]/.test(file);

const layerRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the package dependency table of the architecture document.' },
    messages: {
      forbidden: '{{pkg}} must not import "{{source}}" (architecture §2, tooling/layers.js).',
      escapes: 'Relative import "{{source}}" leaves {{pkg}}; import the package by name through its exports.',
      crossFeature:
        'The feature "{{from}}" must not import the feature "{{to}}" ("{{source}}"): move what both need to features/shared (issue #18.5).',
    },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    const rel = path.relative(repoRoot, file).split(path.sep).join('/');
    const pkg = Object.keys(layers).find((p) => rel.startsWith(`${p}/`));
    if (!pkg) return {};
    const table = layers[pkg];
    const pkgDir = path.join(repoRoot, pkg);
    const test = isTestFile(rel);
    const script = isScriptFile(rel);

    const check = (node, source, typeOnly = false) => {
      if (typeof source !== 'string') return;
      if (source.startsWith('.') || source.startsWith('/')) {
        const target = path.resolve(path.dirname(file), source);
        if (!target.startsWith(pkgDir + path.sep))
          context.report({ node, messageId: 'escapes', data: { source, pkg } });
        const from = featureOf(rel);
        const to = featureOf(path.relative(repoRoot, target).split(path.sep).join('/'));
        if (from !== undefined && to !== undefined && to !== from && to !== sharedFeature) {
          context.report({ node, messageId: 'crossFeature', data: { from, to, source } });
        }
        return;
      }
      let ok;
      if (table.allow) {
        const allowed = [
          ...table.allow,
          ...(test ? (table.testAllow ?? []) : []),
          ...(script ? (table.scriptAllow ?? []) : []),
        ];
        ok = allowed.some((p) => matches(p, source));
      } else {
        ok = !table.deny.some((p) => matches(p, source));
      }
      // `typeOnly`: packages whose types may be imported (`import type`), never their values (ADR 0015).
      if (!ok && typeOnly && (table.typeOnly ?? []).some((p) => matches(p, source))) ok = true;
      if (!ok) context.report({ node, messageId: 'forbidden', data: { source, pkg } });
    };

    return {
      ImportDeclaration: (node) =>
        check(
          node.source,
          node.source.value,
          node.importKind === 'type' ||
            (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
        ),
      ExportNamedDeclaration: (node) =>
        node.source && check(node.source, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      'CallExpression[callee.name="require"]': (node) =>
        node.arguments[0]?.type === 'Literal' && check(node.arguments[0], node.arguments[0].value),
    };
  },
};

export default { rules: { imports: layerRule } };
