// What the robot's telemetry card asks the server for and draws: shared by the card and its lazily loaded chart.

export interface Series {
  metric: string;
  unit: string;
  step: 'raw' | 'hour';
  points: Array<{ t: string; min: number; max: number; avg: number }>;
}

export interface ShownRule {
  _id: string;
  name: string;
  metric: string;
  op: 'gt' | 'lt';
  threshold: number;
  level: string;
  type: string | null;
  integrator: string | null;
  dealer: string | null;
  device: string | null;
}
