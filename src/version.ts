// The interface version (spec: Versioning), shown in /openapi.json, /api, the MCP server info
// and the connector manifest. Change it with an entry in CHANGELOG.md.
export const API_VERSION = '1.1.0';
