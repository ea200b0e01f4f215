#!/usr/bin/env node
// The engine's command line, run from its esbuild bundle (see bundle.mjs).
import { bundled } from './bundle.mjs';

await import(await bundled('cli'));
