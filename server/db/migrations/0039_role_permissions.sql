-- The rights screen: what platform staff changed, for one structure, of the rights table its roles follow
-- (src/domain/rights.ts, the defaults). A row is one cell (role x resource x operation) granted (`allowed`) or
-- withdrawn; no row, the default. The structure comes first: every row is one structure's, under row-level
-- security like the structure's other rows (server/resources/tenancyPolicies.ts), and goes with it.
CREATE TABLE role_permissions (
  company_id integer NOT NULL DEFAULT app_structure() REFERENCES companies (id) ON DELETE CASCADE,
  role text NOT NULL CONSTRAINT role_permissions_role_check CHECK (role IN ('ROLE_ADMIN', 'ROLE_USER')),
  resource text NOT NULL CONSTRAINT role_permissions_resource_check CHECK (resource ~ '^[a-z][a-z-]{0,63}$'),
  operation text NOT NULL
    CONSTRAINT role_permissions_operation_check CHECK (operation IN ('list', 'get', 'create', 'update', 'delete')),
  allowed boolean NOT NULL,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, role, resource, operation)
);

-- Every server process keeps each structure's cells in memory (server/auth/rolePermissions.ts): a change
-- tells them all which structure to read again.
CREATE FUNCTION role_permissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('role_permissions', COALESCE(NEW.company_id, OLD.company_id)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER role_permissions_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION role_permissions_changed();
