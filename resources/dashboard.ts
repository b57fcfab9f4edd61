// The dashboard's answers (docs/api.md), as the server builds them (server/features/dashboard/) and the browser
// draws them (src/dashboard/, src/pages/DashboardPage.tsx): one shape, read by both. Money in cents.

/** Sales of one hour or day of the range, in the viewer's time zone. */
export type SalesPoint = {
  /** 'YYYY-MM-DD HH:00' (by the hour) or 'YYYY-MM-DD' (by the day) */
  period: string;
  orders: number;
  fee: number;
  refund_fee: number;
};

/** Sales of one robot type over the range. */
export type TypeSales = {
  type: string;
  orders: number;
  fee: number;
};

/** One of the top products of the range. */
export type ProductSales = {
  code: string;
  name: string;
  quantity: number;
  fee: number;
};

/** How many of the caller's robots are in a state, online or not. */
export type RobotCount = {
  state: string | null;
  online: boolean;
  count: number;
};

/** `POST /api/dashboard/charts`: the range's charts. */
export interface ChartData {
  /** every hour (ranges up to two days) or day of the range */
  sales_unit: 'hour' | 'day';
  sales: SalesPoint[];
  by_type: TypeSales[];
  top_products: ProductSales[];
  robots: RobotCount[];
}

/** The figures of the sold orders of a range (orders and quantity: PAID or FREE; refunds: SUCCESS). */
export type Figures = {
  orders: number;
  quantity: number;
  fee: number;
  refund_orders: number;
  refund_fee: number;
};

/** `POST /api/dashboard/summary`: the range's figures, and the range as the server read it. */
export type DashboardSummary = Figures & {
  /** fee - refund_fee */
  real_fee: number;
  from: string;
  to: string;
};

/** `POST /api/dashboard/fleet`'s `versions`: how many of the caller's robots of a type run a firmware version
 * (`firmware_version` null: the robot never reported one), ordered by type, then most robots first. */
export type FirmwareCount = {
  type: string;
  firmware_version: string | null;
  count: number;
};
