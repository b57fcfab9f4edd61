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
    /** each request before it is sent: the bench adds fresh headers (a new key per call) */
    requests?: Array<{ setupRequest?: (req: Request) => Request }>;
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
