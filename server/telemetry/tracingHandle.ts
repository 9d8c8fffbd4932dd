/** What the entry point keeps of tracing: a way to send the last spans before the process exits. */
export interface Tracing {
  shutdown(): Promise<void>;
}
