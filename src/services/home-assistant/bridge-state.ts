// How this process's connection to the MQTT broker stands, as /api/health and GET
// /api/vega/home-assistant report it. The bridge is a door of its own (src/mqtt/bridge.ts),
// which services do not import: it registers here how to ask it when it starts.
import type { Config } from '../../config.ts';

export type BridgeState = 'connected' | 'connecting' | 'down' | 'not_configured';

let probe: (() => BridgeState) | null = null;

/** The running bridge says how it stands (null: no bridge runs in this process any more). */
export function reportBridgeState(fn: (() => BridgeState) | null): void {
  probe = fn;
}

export function bridgeState(config: Config): BridgeState {
  if (config.mqtt.url === null) return 'not_configured';
  return probe ? probe() : 'down';
}
