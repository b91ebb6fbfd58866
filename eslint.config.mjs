import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', '**/dist/', '.cache/', 'coverage/', 'test-artifacts/', 'n8n-nodes/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
