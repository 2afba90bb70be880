// The interface version (spec: Versioning), shown in /openapi.json, /api, the MCP server info
// and the connector manifest. Change it with an entry in CHANGELOG.md.
import { readFileSync } from 'node:fs';

export const API_VERSION = '1.6.0';

/**
 * The release of this code (package.json's version): recorded beside every migration it
 * applies, so an older release can name the newer one that upgraded a database it cannot run.
 * src/ and dist/ sit at the same depth, so the same relative path finds package.json from both.
 */
export const RELEASE_VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
