/** Jest runs TypeScript through swc (transpile only); `npm run typecheck` does the type checking. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/shared', '<rootDir>/sandbox', '<rootDir>/test', '<rootDir>/apps-script', '<rootDir>/n8n-nodes'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.cache/'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2020' } }] },
  testTimeout: 30000,
};
