-- Every API instance caches who a token's caller is (PrincipalCache). PostgreSQL names the user on
-- channel hub_principal_changed whenever what decides that changes — their row (enabled, e-mail),
-- roles, accounts, own sessions or built-in provider sessions — whoever made the change.
CREATE FUNCTION hub_principal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
  user_id text;
BEGIN
  IF TG_TABLE_NAME = 'oidc_payloads' THEN
    IF changed->>'type' <> 'Session' THEN RETURN NULL; END IF;
    user_id := changed->'payload'->>'accountId';
  ELSIF TG_TABLE_NAME = 'users' THEN
    user_id := changed->>'id';
  ELSE
    user_id := changed->>'user_id';
  END IF;
  IF user_id IS NOT NULL THEN PERFORM pg_notify('hub_principal_changed', user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_principal_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hub_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION hub_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_customers_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_customers
  FOR EACH ROW EXECUTE FUNCTION hub_principal_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_principal_changed AFTER UPDATE OF revoked_at, expires_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION hub_principal_changed();
--> statement-breakpoint
CREATE TRIGGER oidc_sessions_principal_changed AFTER UPDATE OR DELETE ON oidc_payloads
  FOR EACH ROW EXECUTE FUNCTION hub_principal_changed();
