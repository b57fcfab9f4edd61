-- A role preview narrows the tenant too: previewing a store role shows one store's data, a brand role one
-- brand's, chosen when the preview starts. NULL for platform roles (they see every tenant). Removing the
-- brand or store ends the preview, as removing the role does.
ALTER TABLE role_preview ADD COLUMN integrator text REFERENCES integrator(_id) ON DELETE CASCADE;
ALTER TABLE role_preview ADD COLUMN dealer text REFERENCES dealer(_id) ON DELETE CASCADE;
