// The part of autocannon 9's API that scripts/bench.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    requests?: Array<{ setupRequest?: (req: any) => any }>;
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: { p50: number; p90: number; p97_5: number; p99: number; average: number };
    requests: { average: number; total: number };
  }
  export default function autocannon(opts: Options): Promise<Result>;
}
