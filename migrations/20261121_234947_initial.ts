import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."_locales" AS ENUM('ru', 'en');
  CREATE TYPE "public"."enum_servers_protocols_protocol" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  CREATE TYPE "public"."enum_servers_protocols_public_params_transport" AS ENUM('tcp', 'udp', 'ws', 'grpc');
  CREATE TYPE "public"."enum_servers_protocols_public_params_security" AS ENUM('none', 'tls', 'reality');
  CREATE TYPE "public"."enum_servers_tier" AS ENUM('free', 'vip');
  CREATE TYPE "public"."enum_servers_adapter" AS ENUM('manual', 'outline', 'ss-manager', 'xray-panel', 'demo');
  CREATE TYPE "public"."enum_servers_health_status" AS ENUM('unknown', 'up', 'down');
  CREATE TYPE "public"."enum_keys_protocol" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  CREATE TYPE "public"."enum_keys_tier" AS ENUM('free', 'vip');
  CREATE TYPE "public"."enum_tariffs_months" AS ENUM('1', '3', '6', '12');
  CREATE TYPE "public"."enum_users_role" AS ENUM('customer', 'editor', 'admin');
  CREATE TYPE "public"."enum_users_locale" AS ENUM('ru', 'en');
  CREATE TYPE "public"."enum_subscriptions_status" AS ENUM('trialing', 'active', 'past_due', 'cancelled', 'expired');
  CREATE TYPE "public"."enum_subscription_events_type" AS ENUM('trial_started', 'activated', 'renewed', 'payment_failed', 'discount_applied', 'renewal_cancelled', 'expired');
  CREATE TYPE "public"."enum_auth_tokens_purpose" AS ENUM('register', 'login', 'change-email');
  CREATE TYPE "public"."enum_pages_slug" AS ENUM('privacy', 'user-agreement', 'support');
  CREATE TYPE "public"."enum_pages_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__pages_v_version_slug" AS ENUM('privacy', 'user-agreement', 'support');
  CREATE TYPE "public"."enum__pages_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__pages_v_published_locale" AS ENUM('ru', 'en');
  CREATE TYPE "public"."enum_site_settings_client_apps_protocol" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  CREATE TYPE "public"."enum_site_settings_client_apps_platform" AS ENUM('ios', 'android', 'macos', 'windows');
  CREATE TABLE "countries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "countries_locales" (
  	"name" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "servers_protocols" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"protocol" "enum_servers_protocols_protocol" NOT NULL,
  	"port" numeric NOT NULL,
  	"free_keys" numeric DEFAULT 3,
  	"public_params_transport" "enum_servers_protocols_public_params_transport",
  	"public_params_security" "enum_servers_protocols_public_params_security",
  	"public_params_sni" varchar,
  	"public_params_reality_public_key" varchar,
  	"public_params_reality_short_id" varchar,
  	"public_params_path" varchar,
  	"public_params_wireguard_public_key" varchar,
  	"public_params_openvpn_ca" varchar
  );
  
  CREATE TABLE "servers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"country_id" integer NOT NULL,
  	"hosting" varchar NOT NULL,
  	"host" varchar NOT NULL,
  	"tier" "enum_servers_tier" DEFAULT 'free' NOT NULL,
  	"enabled" boolean DEFAULT true,
  	"adapter" "enum_servers_adapter" DEFAULT 'manual' NOT NULL,
  	"credentials_api_url" varchar,
  	"credentials_username" varchar,
  	"credentials_password" varchar,
  	"credentials_cert_sha256" varchar,
  	"health_status" "enum_servers_health_status" DEFAULT 'unknown',
  	"health_last_checked_at" timestamp(3) with time zone,
  	"health_latency_ms" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "keys" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"server_id" integer NOT NULL,
  	"country_id" integer,
  	"protocol" "enum_keys_protocol" NOT NULL,
  	"tier" "enum_keys_tier" DEFAULT 'free' NOT NULL,
  	"owner_id" integer,
  	"device_label" varchar,
  	"key_string" varchar,
  	"config_file_filename" varchar,
  	"config_file_content" varchar,
  	"connection_host" varchar,
  	"connection_port" numeric,
  	"connection_login" varchar,
  	"connection_password" varchar,
  	"expires_at" timestamp(3) with time zone,
  	"revoked_at" timestamp(3) with time zone,
  	"provider_ref" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "tariffs_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"text" varchar NOT NULL
  );
  
  CREATE TABLE "tariffs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"months" "enum_tariffs_months" NOT NULL,
  	"price_kopecks" numeric NOT NULL,
  	"trial_days" numeric DEFAULT 10 NOT NULL,
  	"trial_fee_kopecks" numeric DEFAULT 100 NOT NULL,
  	"order" numeric DEFAULT 0,
  	"active" boolean DEFAULT true,
  	"provider_price_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "tariffs_locales" (
  	"name" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "users_sessions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"created_at" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "users" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"role" "enum_users_role" DEFAULT 'customer' NOT NULL,
  	"locale" "enum_users_locale" DEFAULT 'ru',
  	"email_verified" boolean DEFAULT false,
  	"marketing_consent" boolean DEFAULT false,
  	"deletion_requested_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"email" varchar NOT NULL,
  	"reset_password_token" varchar,
  	"reset_password_expiration" timestamp(3) with time zone,
  	"salt" varchar,
  	"hash" varchar,
  	"reset_password_requested_at" timestamp(3) with time zone,
  	"login_attempts" numeric DEFAULT 0,
  	"lock_until" timestamp(3) with time zone
  );
  
  CREATE TABLE "subscriptions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"user_id" integer NOT NULL,
  	"tariff_id" integer NOT NULL,
  	"status" "enum_subscriptions_status" NOT NULL,
  	"trial_ends_at" timestamp(3) with time zone,
  	"current_period_end" timestamp(3) with time zone,
  	"next_payment_at" timestamp(3) with time zone,
  	"cancel_at_period_end" boolean DEFAULT false,
  	"cancel_discount_used" boolean DEFAULT false,
  	"provider_name" varchar,
  	"provider_customer_id" varchar,
  	"provider_subscription_id" varchar,
  	"payment_method_brand" varchar,
  	"payment_method_last4" varchar,
  	"payment_method_valid_until" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "subscription_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"subscription_id" integer NOT NULL,
  	"user_id" integer NOT NULL,
  	"type" "enum_subscription_events_type" NOT NULL,
  	"amount_kopecks" numeric,
  	"occurred_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "auth_tokens" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"token_hash" varchar NOT NULL,
  	"purpose" "enum_auth_tokens_purpose" NOT NULL,
  	"email" varchar NOT NULL,
  	"user_id" integer,
  	"new_email" varchar,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"used_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "provider_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"provider" varchar NOT NULL,
  	"event_id" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"processed_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "pages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"slug" "enum_pages_slug",
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_pages_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "pages_locales" (
  	"title" varchar,
  	"content" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_pages_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_slug" "enum__pages_v_version_slug",
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__pages_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"snapshot" boolean,
  	"published_locale" "enum__pages_v_published_locale",
  	"latest" boolean
  );
  
  CREATE TABLE "_pages_v_locales" (
  	"version_title" varchar,
  	"version_content" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "payload_kv" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"data" jsonb NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"global_slug" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"countries_id" integer,
  	"servers_id" integer,
  	"keys_id" integer,
  	"tariffs_id" integer,
  	"users_id" integer,
  	"subscriptions_id" integer,
  	"subscription_events_id" integer,
  	"auth_tokens_id" integer,
  	"provider_events_id" integer,
  	"pages_id" integer
  );
  
  CREATE TABLE "payload_preferences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar,
  	"value" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_preferences_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer
  );
  
  CREATE TABLE "payload_migrations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"batch" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "site_settings_client_apps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"protocol" "enum_site_settings_client_apps_protocol" NOT NULL,
  	"platform" "enum_site_settings_client_apps_platform" NOT NULL,
  	"name" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  CREATE TABLE "site_settings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"support_email" varchar NOT NULL,
  	"production_host" varchar,
  	"free_keys_host" varchar,
  	"claimed_keys" numeric DEFAULT 500,
  	"claimed_countries" numeric DEFAULT 50,
  	"trial_banner_enabled" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "site_settings_locales" (
  	"site_name" varchar NOT NULL,
  	"trial_banner_text" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "countries_locales" ADD CONSTRAINT "countries_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "servers_protocols" ADD CONSTRAINT "servers_protocols_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "servers" ADD CONSTRAINT "servers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "keys" ADD CONSTRAINT "keys_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "keys" ADD CONSTRAINT "keys_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "keys" ADD CONSTRAINT "keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "tariffs_features" ADD CONSTRAINT "tariffs_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "tariffs_locales" ADD CONSTRAINT "tariffs_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "users_sessions" ADD CONSTRAINT "users_sessions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages_locales" ADD CONSTRAINT "pages_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_pages_v" ADD CONSTRAINT "_pages_v_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v_locales" ADD CONSTRAINT "_pages_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_locked_documents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_countries_fk" FOREIGN KEY ("countries_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_servers_fk" FOREIGN KEY ("servers_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_keys_fk" FOREIGN KEY ("keys_id") REFERENCES "public"."keys"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_tariffs_fk" FOREIGN KEY ("tariffs_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_subscriptions_fk" FOREIGN KEY ("subscriptions_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_subscription_events_fk" FOREIGN KEY ("subscription_events_id") REFERENCES "public"."subscription_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_auth_tokens_fk" FOREIGN KEY ("auth_tokens_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_provider_events_fk" FOREIGN KEY ("provider_events_id") REFERENCES "public"."provider_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_preferences"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_client_apps" ADD CONSTRAINT "site_settings_client_apps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_locales" ADD CONSTRAINT "site_settings_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "countries_code_idx" ON "countries" USING btree ("code");
  CREATE INDEX "countries_updated_at_idx" ON "countries" USING btree ("updated_at");
  CREATE INDEX "countries_created_at_idx" ON "countries" USING btree ("created_at");
  CREATE UNIQUE INDEX "countries_locales_locale_parent_id_unique" ON "countries_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "servers_protocols_order_idx" ON "servers_protocols" USING btree ("_order");
  CREATE INDEX "servers_protocols_parent_id_idx" ON "servers_protocols" USING btree ("_parent_id");
  CREATE INDEX "servers_country_idx" ON "servers" USING btree ("country_id");
  CREATE INDEX "servers_tier_idx" ON "servers" USING btree ("tier");
  CREATE INDEX "servers_enabled_idx" ON "servers" USING btree ("enabled");
  CREATE INDEX "servers_updated_at_idx" ON "servers" USING btree ("updated_at");
  CREATE INDEX "servers_created_at_idx" ON "servers" USING btree ("created_at");
  CREATE INDEX "keys_server_idx" ON "keys" USING btree ("server_id");
  CREATE INDEX "keys_country_idx" ON "keys" USING btree ("country_id");
  CREATE INDEX "keys_protocol_idx" ON "keys" USING btree ("protocol");
  CREATE INDEX "keys_tier_idx" ON "keys" USING btree ("tier");
  CREATE INDEX "keys_owner_idx" ON "keys" USING btree ("owner_id");
  CREATE INDEX "keys_expires_at_idx" ON "keys" USING btree ("expires_at");
  CREATE INDEX "keys_revoked_at_idx" ON "keys" USING btree ("revoked_at");
  CREATE INDEX "keys_updated_at_idx" ON "keys" USING btree ("updated_at");
  CREATE INDEX "keys_created_at_idx" ON "keys" USING btree ("created_at");
  CREATE INDEX "tier_protocol_country_expiresAt_idx" ON "keys" USING btree ("tier","protocol","country_id","expires_at");
  CREATE INDEX "owner_revokedAt_idx" ON "keys" USING btree ("owner_id","revoked_at");
  CREATE INDEX "tariffs_features_order_idx" ON "tariffs_features" USING btree ("_order");
  CREATE INDEX "tariffs_features_parent_id_idx" ON "tariffs_features" USING btree ("_parent_id");
  CREATE INDEX "tariffs_features_locale_idx" ON "tariffs_features" USING btree ("_locale");
  CREATE UNIQUE INDEX "tariffs_months_idx" ON "tariffs" USING btree ("months");
  CREATE INDEX "tariffs_active_idx" ON "tariffs" USING btree ("active");
  CREATE INDEX "tariffs_updated_at_idx" ON "tariffs" USING btree ("updated_at");
  CREATE INDEX "tariffs_created_at_idx" ON "tariffs" USING btree ("created_at");
  CREATE UNIQUE INDEX "tariffs_locales_locale_parent_id_unique" ON "tariffs_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "users_sessions_order_idx" ON "users_sessions" USING btree ("_order");
  CREATE INDEX "users_sessions_parent_id_idx" ON "users_sessions" USING btree ("_parent_id");
  CREATE INDEX "users_role_idx" ON "users" USING btree ("role");
  CREATE INDEX "users_deletion_requested_at_idx" ON "users" USING btree ("deletion_requested_at");
  CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at");
  CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
  CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");
  CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");
  CREATE INDEX "subscriptions_tariff_idx" ON "subscriptions" USING btree ("tariff_id");
  CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status");
  CREATE INDEX "subscriptions_current_period_end_idx" ON "subscriptions" USING btree ("current_period_end");
  CREATE INDEX "subscriptions_provider_provider_customer_id_idx" ON "subscriptions" USING btree ("provider_customer_id");
  CREATE UNIQUE INDEX "subscriptions_provider_provider_subscription_id_idx" ON "subscriptions" USING btree ("provider_subscription_id");
  CREATE INDEX "subscriptions_updated_at_idx" ON "subscriptions" USING btree ("updated_at");
  CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at");
  CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id");
  CREATE INDEX "subscription_events_user_idx" ON "subscription_events" USING btree ("user_id");
  CREATE INDEX "subscription_events_occurred_at_idx" ON "subscription_events" USING btree ("occurred_at");
  CREATE INDEX "subscription_events_updated_at_idx" ON "subscription_events" USING btree ("updated_at");
  CREATE INDEX "subscription_events_created_at_idx" ON "subscription_events" USING btree ("created_at");
  CREATE UNIQUE INDEX "auth_tokens_token_hash_idx" ON "auth_tokens" USING btree ("token_hash");
  CREATE INDEX "auth_tokens_email_idx" ON "auth_tokens" USING btree ("email");
  CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");
  CREATE INDEX "auth_tokens_expires_at_idx" ON "auth_tokens" USING btree ("expires_at");
  CREATE INDEX "auth_tokens_updated_at_idx" ON "auth_tokens" USING btree ("updated_at");
  CREATE INDEX "auth_tokens_created_at_idx" ON "auth_tokens" USING btree ("created_at");
  CREATE UNIQUE INDEX "provider_events_event_id_idx" ON "provider_events" USING btree ("event_id");
  CREATE INDEX "provider_events_updated_at_idx" ON "provider_events" USING btree ("updated_at");
  CREATE INDEX "provider_events_created_at_idx" ON "provider_events" USING btree ("created_at");
  CREATE UNIQUE INDEX "pages_slug_idx" ON "pages" USING btree ("slug");
  CREATE INDEX "pages_updated_at_idx" ON "pages" USING btree ("updated_at");
  CREATE INDEX "pages_created_at_idx" ON "pages" USING btree ("created_at");
  CREATE INDEX "pages__status_idx" ON "pages" USING btree ("_status");
  CREATE UNIQUE INDEX "pages_locales_locale_parent_id_unique" ON "pages_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_pages_v_parent_idx" ON "_pages_v" USING btree ("parent_id");
  CREATE INDEX "_pages_v_version_version_slug_idx" ON "_pages_v" USING btree ("version_slug");
  CREATE INDEX "_pages_v_version_version_updated_at_idx" ON "_pages_v" USING btree ("version_updated_at");
  CREATE INDEX "_pages_v_version_version_created_at_idx" ON "_pages_v" USING btree ("version_created_at");
  CREATE INDEX "_pages_v_version_version__status_idx" ON "_pages_v" USING btree ("version__status");
  CREATE INDEX "_pages_v_created_at_idx" ON "_pages_v" USING btree ("created_at");
  CREATE INDEX "_pages_v_updated_at_idx" ON "_pages_v" USING btree ("updated_at");
  CREATE INDEX "_pages_v_snapshot_idx" ON "_pages_v" USING btree ("snapshot");
  CREATE INDEX "_pages_v_published_locale_idx" ON "_pages_v" USING btree ("published_locale");
  CREATE INDEX "_pages_v_latest_idx" ON "_pages_v" USING btree ("latest");
  CREATE UNIQUE INDEX "_pages_v_locales_locale_parent_id_unique" ON "_pages_v_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "payload_kv_key_idx" ON "payload_kv" USING btree ("key");
  CREATE INDEX "payload_locked_documents_global_slug_idx" ON "payload_locked_documents" USING btree ("global_slug");
  CREATE INDEX "payload_locked_documents_updated_at_idx" ON "payload_locked_documents" USING btree ("updated_at");
  CREATE INDEX "payload_locked_documents_created_at_idx" ON "payload_locked_documents" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_order_idx" ON "payload_locked_documents_rels" USING btree ("order");
  CREATE INDEX "payload_locked_documents_rels_parent_idx" ON "payload_locked_documents_rels" USING btree ("parent_id");
  CREATE INDEX "payload_locked_documents_rels_path_idx" ON "payload_locked_documents_rels" USING btree ("path");
  CREATE INDEX "payload_locked_documents_rels_countries_id_idx" ON "payload_locked_documents_rels" USING btree ("countries_id");
  CREATE INDEX "payload_locked_documents_rels_servers_id_idx" ON "payload_locked_documents_rels" USING btree ("servers_id");
  CREATE INDEX "payload_locked_documents_rels_keys_id_idx" ON "payload_locked_documents_rels" USING btree ("keys_id");
  CREATE INDEX "payload_locked_documents_rels_tariffs_id_idx" ON "payload_locked_documents_rels" USING btree ("tariffs_id");
  CREATE INDEX "payload_locked_documents_rels_users_id_idx" ON "payload_locked_documents_rels" USING btree ("users_id");
  CREATE INDEX "payload_locked_documents_rels_subscriptions_id_idx" ON "payload_locked_documents_rels" USING btree ("subscriptions_id");
  CREATE INDEX "payload_locked_documents_rels_subscription_events_id_idx" ON "payload_locked_documents_rels" USING btree ("subscription_events_id");
  CREATE INDEX "payload_locked_documents_rels_auth_tokens_id_idx" ON "payload_locked_documents_rels" USING btree ("auth_tokens_id");
  CREATE INDEX "payload_locked_documents_rels_provider_events_id_idx" ON "payload_locked_documents_rels" USING btree ("provider_events_id");
  CREATE INDEX "payload_locked_documents_rels_pages_id_idx" ON "payload_locked_documents_rels" USING btree ("pages_id");
  CREATE INDEX "payload_preferences_key_idx" ON "payload_preferences" USING btree ("key");
  CREATE INDEX "payload_preferences_updated_at_idx" ON "payload_preferences" USING btree ("updated_at");
  CREATE INDEX "payload_preferences_created_at_idx" ON "payload_preferences" USING btree ("created_at");
  CREATE INDEX "payload_preferences_rels_order_idx" ON "payload_preferences_rels" USING btree ("order");
  CREATE INDEX "payload_preferences_rels_parent_idx" ON "payload_preferences_rels" USING btree ("parent_id");
  CREATE INDEX "payload_preferences_rels_path_idx" ON "payload_preferences_rels" USING btree ("path");
  CREATE INDEX "payload_preferences_rels_users_id_idx" ON "payload_preferences_rels" USING btree ("users_id");
  CREATE INDEX "payload_migrations_updated_at_idx" ON "payload_migrations" USING btree ("updated_at");
  CREATE INDEX "payload_migrations_created_at_idx" ON "payload_migrations" USING btree ("created_at");
  CREATE INDEX "site_settings_client_apps_order_idx" ON "site_settings_client_apps" USING btree ("_order");
  CREATE INDEX "site_settings_client_apps_parent_id_idx" ON "site_settings_client_apps" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "site_settings_locales_locale_parent_id_unique" ON "site_settings_locales" USING btree ("_locale","_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "countries" CASCADE;
  DROP TABLE "countries_locales" CASCADE;
  DROP TABLE "servers_protocols" CASCADE;
  DROP TABLE "servers" CASCADE;
  DROP TABLE "keys" CASCADE;
  DROP TABLE "tariffs_features" CASCADE;
  DROP TABLE "tariffs" CASCADE;
  DROP TABLE "tariffs_locales" CASCADE;
  DROP TABLE "users_sessions" CASCADE;
  DROP TABLE "users" CASCADE;
  DROP TABLE "subscriptions" CASCADE;
  DROP TABLE "subscription_events" CASCADE;
  DROP TABLE "auth_tokens" CASCADE;
  DROP TABLE "provider_events" CASCADE;
  DROP TABLE "pages" CASCADE;
  DROP TABLE "pages_locales" CASCADE;
  DROP TABLE "_pages_v" CASCADE;
  DROP TABLE "_pages_v_locales" CASCADE;
  DROP TABLE "payload_kv" CASCADE;
  DROP TABLE "payload_locked_documents" CASCADE;
  DROP TABLE "payload_locked_documents_rels" CASCADE;
  DROP TABLE "payload_preferences" CASCADE;
  DROP TABLE "payload_preferences_rels" CASCADE;
  DROP TABLE "payload_migrations" CASCADE;
  DROP TABLE "site_settings_client_apps" CASCADE;
  DROP TABLE "site_settings" CASCADE;
  DROP TABLE "site_settings_locales" CASCADE;
  DROP TYPE "public"."_locales";
  DROP TYPE "public"."enum_servers_protocols_protocol";
  DROP TYPE "public"."enum_servers_protocols_public_params_transport";
  DROP TYPE "public"."enum_servers_protocols_public_params_security";
  DROP TYPE "public"."enum_servers_tier";
  DROP TYPE "public"."enum_servers_adapter";
  DROP TYPE "public"."enum_servers_health_status";
  DROP TYPE "public"."enum_keys_protocol";
  DROP TYPE "public"."enum_keys_tier";
  DROP TYPE "public"."enum_tariffs_months";
  DROP TYPE "public"."enum_users_role";
  DROP TYPE "public"."enum_users_locale";
  DROP TYPE "public"."enum_subscriptions_status";
  DROP TYPE "public"."enum_subscription_events_type";
  DROP TYPE "public"."enum_auth_tokens_purpose";
  DROP TYPE "public"."enum_pages_slug";
  DROP TYPE "public"."enum_pages_status";
  DROP TYPE "public"."enum__pages_v_version_slug";
  DROP TYPE "public"."enum__pages_v_version_status";
  DROP TYPE "public"."enum__pages_v_published_locale";
  DROP TYPE "public"."enum_site_settings_client_apps_protocol";
  DROP TYPE "public"."enum_site_settings_client_apps_platform";`)
}
