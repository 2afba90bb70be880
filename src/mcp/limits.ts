/** MCP calls per token in any 60 seconds (the connector's own limit, listed in its manifest). */
export const RATE_LIMIT_PER_MINUTE = 120;
