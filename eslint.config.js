import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './apps/web/src';
const API = './apps/api/src';
const webFeatures = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layers, as docs/architecture.md draws them: a wrong import fails `npm run lint`.
 * Web: app → features → components/lib; a feature never imports another feature (shared code goes
 * to lib or packages). API: plugins → modules → lib/db; the database layer knows no module.
 */
const LAYER_ZONES = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move shared code to lib/ or packages/.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import the app shell.' },
  { target: `${WEB}/lib`, from: `${WEB}/features`, message: 'lib/ is below the features.' },
  { target: `${WEB}/lib`, from: `${WEB}/app`, message: 'lib/ is below the app shell.' },
  { target: `${WEB}/lib`, from: `${WEB}/components`, message: 'lib/ holds no components.' },
  { target: `${WEB}/components`, from: `${WEB}/features`, message: 'Shared components know no feature.' },
  { target: `${WEB}/components`, from: `${WEB}/app`, message: 'Shared components know no app shell.' },
  { target: `${API}/modules`, from: `${API}/plugins`, message: 'Modules do not import plugins.' },
  { target: `${API}/db`, from: `${API}/modules`, message: 'The database layer knows no module.' },
  { target: `${API}/db`, from: `${API}/seed`, message: 'The database layer knows no seed.' },
  { target: `${API}/lib`, from: `${API}/modules`, message: 'lib/ is below the modules.' },
  { target: `${API}/lib`, from: `${API}/plugins`, message: 'lib/ is below the plugins.' },
];

/**
 * A string or template starting with '/': as a link's `to`/`href`, or the address given to
 * navigate(). Addresses of the API (downloads) are not routes of the app.
 */
const startsWithSlash = (node) => [
  `${node} > Literal[value=/^\\/(?!api\\/)/]`,
  `${node} > TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(?!api\\/)/]`,
];
const PATH_LITERAL_SELECTORS = [
  ...startsWithSlash('JSXAttribute[name.name=/^(to|href)$/]'),
  ...startsWithSlash('JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer'),
  ...startsWithSlash("CallExpression[callee.name='navigate']"),
];
/**
 * Casts that silence the compiler where it should compare a request with the API's contract (the
 * dashboard's EDI widget asked for a page size the API refuses behind `as never`). Build requests
 * with their `T<Operation>Request` type and lib/api/query.ts instead.
 */
const CONTRACT_CAST_SELECTORS = [
  "TSAsExpression[typeAnnotation.type='TSNeverKeyword']",
  "TSAsExpression[typeAnnotation.type='TSAnyKeyword']",
  "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
];
const CONTRACT_CAST_MESSAGE =
  'No `as never`, `as any` or `as unknown as` where the API client is called: type the request by its contract (lib/api/query.ts).';
const contractCasts = CONTRACT_CAST_SELECTORS.map((selector) => ({
  selector,
  message: CONTRACT_CAST_MESSAGE,
}));

const PATH_LITERAL_MESSAGE =
  "Use the feature's link builder (<feature>-links.ts) or lib/routing/links.ts instead of a path literal.";

/**
 * React Router keeps the current screen while the next page's code and texts load, and a bare
 * `<Navigate>` is nothing on screen: a redirect shows the loading page meanwhile.
 */
const REDIRECT_WITH_LOADING_PAGE = {
  name: 'react-router',
  importNames: ['Navigate'],
  message:
    'Use <Redirect> (components/ui/redirect.tsx): it shows the loading page until the next page is there.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '.data',
      '.test-data',
      'apps/web/src/lib/api/schema.d.ts',
      'bench/.work',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused values are errors, except deliberately ignored ones named with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Non-null assertions are used right after an insert that RETURNING guarantees, and for the
      // one root element of the SPA; anything else should narrow properly.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // The node resolver with TypeScript's extensions: every import the layer rules look at is relative.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A test may assemble the layers above the code it tests (e.g. the whole route table).
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Every word on screen comes from the translation catalogs (five languages).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
  {
    // Addresses come from the link builders (a feature's `<feature>-links.ts`, lib/routing/links.ts),
    // so a route moves in one place: no path literal in a link, a redirect or a navigation.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...PATH_LITERAL_SELECTORS.map((selector) => ({ selector, message: PATH_LITERAL_MESSAGE })),
        ...contractCasts,
      ],
    },
  },
  {
    // The API client and the shared components that call it (features and the app shell above).
    files: ['apps/web/src/lib/api/**/*.ts', 'apps/web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...contractCasts] },
  },
  {
    // The web app and the API meet only through packages/contracts (browser tests may start the server).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/api/src/**', '**/api/test/**', '@service-hub/api'],
          paths: [REDIRECT_WITH_LOADING_PAGE],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/ui/redirect.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/api/src/**', '**/api/test/**', '@service-hub/api'] },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@service-hub/web'] }] },
  },
);
