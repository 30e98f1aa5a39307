// Writes Fluent 2's light theme (webLightTheme of the installed @fluentui/tokens, the dependency of
// @fluentui/web-components) as CSS custom properties, `:root{--colorNeutralBackground1:#ffffff;...}`, the same
// declarations web-components' setTheme() adopts, into the git-ignored install: node_modules/.saasgym/.
// Run by scripts/design_systems.sh after `npm ci`; usage: node tokens_css.mjs <node_modules folder>.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const modules = resolve(process.argv[2]);
const require = createRequire(join(modules, 'noop.js'));
const { webLightTheme } = require('@fluentui/tokens');
const { version } = JSON.parse(readFileSync(join(modules, '@fluentui/tokens/package.json'), 'utf8'));
// setTheme's rule: a token name is a CSS identifier; a value never opens or closes a block or a comment.
const safeName = /^[a-zA-Z_-][a-zA-Z0-9_-]*$/;
const unsafeValue = /(;|{|}|\/\*|\*\/|@import|url\s*\(|expression\s*\(|javascript:)/i;
const declarations = Object.entries(webLightTheme)
  .filter(([name, value]) => safeName.test(name) && !unsafeValue.test(String(value)))
  .map(([name, value]) => `  --${name}: ${value};`);
mkdirSync(join(modules, '.saasgym'), { recursive: true });
writeFileSync(
  join(modules, '.saasgym', 'fluent-tokens.css'),
  `/* @fluentui/tokens ${version} webLightTheme */\n:root {\n${declarations.join('\n')}\n}\n`,
);
