// The visit plan's route (docs/replenishment.md, "The route"): great-circle distances between stores, an open path
// from the start point by nearest neighbour, then improved by 2-opt (reverse a stretch while that shortens it).
// Exact enough for a van's day of up to ~50 stops; not a road distance.

export interface Point {
  lat: number;
  lng: number;
}

const EARTH_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of the path start → stops in the order given. */
export function pathKm(start: Point, stops: readonly Point[], order: readonly number[]): number {
  let km = 0;
  let at = start;
  for (const i of order) {
    km += distanceKm(at, stops[i]);
    at = stops[i];
  }
  return km;
}

/** The order (indexes into `stops`) to visit them from `start`: nearest neighbour, then 2-opt on the open path. */
export function route(start: Point, stops: readonly Point[]): number[] {
  const left = new Set(stops.map((_, i) => i));
  const order: number[] = [];
  let at = start;
  while (left.size) {
    let best = -1;
    let bestKm = Infinity;
    for (const i of left) {
      const km = distanceKm(at, stops[i]);
      if (km < bestKm) [best, bestKm] = [i, km];
    }
    order.push(best);
    left.delete(best);
    at = stops[best];
  }
  // 2-opt: reversing order[i..j] changes only the edge into i and the edge out of j (none out of the last stop)
  const pt = (k: number) => (k < 0 ? start : stops[order[k]]);
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < order.length - 1; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const before = distanceKm(pt(i - 1), pt(i)) + (j + 1 < order.length ? distanceKm(pt(j), pt(j + 1)) : 0);
        const after = distanceKm(pt(i - 1), pt(j)) + (j + 1 < order.length ? distanceKm(pt(i), pt(j + 1)) : 0);
        if (after < before - 1e-9) {
          order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return order;
}
