-- Every API instance also caches, per user, the accounts they act for and their permissions on
-- each (the active-account check of spec 6). PostgreSQL announces what changes that answer on the
-- channel of migration 0005: a user's permissions on an account name that user; a permission or a
-- customer account changed in place concerns everyone who holds it, announced as '*'. (Deleting
-- either cascades to user_customers or customer_user_permissions, which name each user.)
CREATE TRIGGER customer_user_permissions_principal_changed
  AFTER INSERT OR UPDATE OR DELETE ON customer_user_permissions
  FOR EACH ROW EXECUTE FUNCTION hub_principal_changed();
--> statement-breakpoint
CREATE FUNCTION hub_everyone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hub_principal_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER permissions_everyone_changed AFTER UPDATE OR DELETE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION hub_everyone_changed();
--> statement-breakpoint
CREATE TRIGGER customers_everyone_changed AFTER UPDATE OF customer_number, market OR DELETE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION hub_everyone_changed();
