-- Decision 021: every API process keeps the sessions it resolved and the people it read in
-- memory, and drops them when the database says they changed, whoever changed them (a sign-out
-- or revocation through any process, an expiry, a block, a profile edit, a row deleted by hand).
-- The notification is sent when the transaction commits; see platform/auth/session-events.ts.
CREATE OR REPLACE FUNCTION notify_session_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('camo_session_events', 's:' || OLD."id");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_notify_deleted" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_deleted" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION notify_session_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_person_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('camo_session_events', 'u:' || OLD."id");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_notify_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_notify_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_person_changed();
