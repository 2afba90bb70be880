#!/usr/bin/env node
// The `tracker` command: loads the TypeScript sources through tsx, then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/index.ts');
