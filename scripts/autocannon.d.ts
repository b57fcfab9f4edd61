// The part of autocannon 9's API that scripts/bench.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** a number of requests instead of a duration */
    amount?: number;
    /**
     * the requests of each connection's sequence, in turn: `setupRequest` before one is sent (the bench adds fresh
     * headers; nothing answered starts the sequence again), `onResponse` with its answer; `context` is the
     * connection's, emptied when the sequence starts again
     */
    requests?: Array<
      Request & {
        setupRequest?: (req: Request, context: Record<string, unknown>) => Request | undefined;
        onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
      }
    >;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: { p50: number; p90: number; p97_5: number; p99: number; average: number };
    requests: { average: number; total: number };
    /** bytes read, headers included */
    throughput: { average: number; total: number };
  }
  export default function autocannon(opts: Options): Promise<Result>;
}
