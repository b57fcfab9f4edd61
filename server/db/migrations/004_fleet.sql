-- Brands, stores and robots as operators set them up; uploaded images.

-- A brand's screens, payment and notification settings, pickup configuration and customer service.
ALTER TABLE integrator
  ADD COLUMN poster text,
  ADD COLUMN pay_info jsonb,
  ADD COLUMN notify_info jsonb,
  ADD COLUMN pickup_config jsonb,
  ADD COLUMN service_qr text,
  ADD COLUMN service_phone text,
  ADD COLUMN location text;

-- A store's switches: robots' notifications sent on, payments accepted.
ALTER TABLE dealer
  ADD COLUMN notify_enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN pay_enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN location text;

-- When a robot's key was last issued (creation or rotation), shown on its info page.
ALTER TABLE device ADD COLUMN key_issued_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX device_type ON device (type);

-- Every stored image: where it lives, what it is, who put it there. Files are served back by path.
CREATE TABLE upload (
  path text PRIMARY KEY,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  size integer NOT NULL CHECK (size > 0),
  storage text NOT NULL CHECK (storage IN ('local', 's3')),
  account text,
  integrator text,
  dealer text,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_time ON upload (create_time DESC);
