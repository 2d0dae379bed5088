import tseslint from 'typescript-eslint';

/**
 * The host's layers, top to bottom (docs/operations.md, "The host's code"). A folder imports only from
 * its own tier and the tiers below; type-only imports count too.
 */
const HOST_TIERS = [
  ['main'],
  ['http'],
  ['services', 'webhooks', 'observability'],
  ['queue', 'engine', 'persistence', 'storage', 'plugins'],
  ['config', 'common'],
];

/** One config per tier below the top: relative imports that reach a folder of a tier above are errors. */
const hostLayering = HOST_TIERS.slice(1).map((tier, index) => {
  const above = HOST_TIERS.slice(0, index + 1).flat();
  return {
    files: tier.map((folder) => `host/src/${folder}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.{1,2}/)+(${above.join('|')})(/|$)`,
              message: `host/src/${tier.join(', ')} may not import from ${above.join(', ')}: the host's layers import only downward (docs/operations.md).`,
            },
          ],
        },
      ],
    },
  };
});

/** core and the plugins are embeddable on their own: never the host, nor the host's frameworks. */
const embeddableAlone = {
  files: ['core/**', 'plugins/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: ['koa', '@koa/router', 'koa-body', 'typeorm', 'agenda'].map((name) => ({ name, message: 'core and plugins never import the host or its frameworks.' })),
        patterns: [
          { group: ['@docsift/host', '@docsift/host/*'], message: 'core and plugins never import the host.' },
          { regex: '^(\\.{1,2}/)+host(/|$)', message: 'core and plugins never import the host.' },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/model/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**', 'bench/**', 'eval/**', 'scripts/**', 'examples/**/demo.ts', 'host/src/main/**', 'host/bin/**'],
    rules: { 'no-console': 'off' },
  },
  ...hostLayering,
  embeddableAlone,
);
