// The shapes of json columns the declarations leave open, kept with the row types (rows.ts reads DeclaredJson)
// so the database's types depend on nothing above them: the orders feature (server/features/orders/) writes these.

/** One item of an order as the robot sold it, its price and options frozen at the sale. */
export interface ItemSnapshot {
  item: number;
  product: string;
  code: string;
  name: string;
  /** unit price with the chosen options, cents */
  price: number;
  quantity: number;
  options: Array<{ property: string; code: string; name: string; price: number }>;
  work_status: string;
  end_type?: string | null;
  end_msg?: string | null;
}

/** The pay channel details a robot sends with an order or its payment. */
export interface PayDetails {
  transaction_id?: string | null;
  trade_type?: string | null;
  state?: string | null;
  result?: string | null;
  bank_type?: string | null;
  amount?: number | null;
  real_amount?: number | null;
  account?: string | null;
  account_type?: string | null;
}

/** The shapes of declared `json` fields that declare neither `check` nor `fields` (the robots' order data, a command's
 * parameters and outcome). */
export interface DeclaredJson {
  orders: { products: ItemSnapshot[]; pay: PayDetails };
  /** a command's parameters (one of the catalogue's shapes, resources/command.ts) and the robot's outcome */
  command: { params: Record<string, unknown>; result: Record<string, unknown> };
  /** a record's readable columns before and after the write (server/log.ts) */
  log: { before: Record<string, unknown>; after: Record<string, unknown> };
}
