// The visit plan's map (docs/replenishment.md, "The visit plan"): the stops as numbered circles joined in route order
// over map tiles from MAP_TILE_URL. Leaflet is loaded only with this map (a chunk of its own). The circles, numbers
// and the line are vectors drawn by the page itself: without network the tiles stay blank and the route still draws.
import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import 'leaflet/dist/leaflet.css';

export interface MapStop {
  order: number;
  name: string;
  lat: number;
  lng: number;
}

export default function RouteMap({ stops, tileUrl, label }: { stops: MapStop[]; tileUrl: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let map: import('leaflet').Map | undefined;
    let gone = false;
    void import('leaflet').then((L) => {
      if (gone || !box.current || stops.length === 0) return;
      map = L.map(box.current, { zoomControl: true, attributionControl: true });
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap' }).addTo(map);
      const points = stops.map((s) => L.latLng(s.lat, s.lng));
      L.polyline(points, { color: '#1976d2', weight: 3 }).addTo(map);
      for (const s of stops)
        L.circleMarker([s.lat, s.lng], { radius: 11, color: '#0d47a1', fillColor: '#1976d2', fillOpacity: 0.9 })
          .bindTooltip(String(s.order), { permanent: true, direction: 'center', className: 'vf-stop-number' })
          .bindPopup(`${s.order}. ${s.name}`)
          .addTo(map);
      if (points.length === 1) map.setView(points[0], 14);
      else map.fitBounds(L.latLngBounds(points), { padding: [24, 24] });
    });
    return () => {
      gone = true;
      map?.remove();
    };
  }, [stops, tileUrl]);
  return (
    // a region, not an image: Leaflet makes the map a Tab stop (arrows pan it) and adds its zoom buttons and the
    // attribution's link, which an image may not hold (axe's nested-interactive, serious, once the map has loaded);
    // the stops are read from the table below it
    <Box
      ref={box}
      role="region"
      aria-label={label}
      data-testid="route-map"
      sx={{
        height: 340,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        '& .vf-stop-number': {
          background: 'transparent',
          border: 0,
          boxShadow: 'none',
          color: '#fff',
          fontWeight: 700,
        },
        '@media print': { height: 260 },
      }}
    />
  );
}
