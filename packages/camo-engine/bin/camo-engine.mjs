#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (the workspace runs TypeScript source directly).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
