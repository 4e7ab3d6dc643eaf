import * as migration_20261121_234947_initial from './20261121_234947_initial';
import * as migration_20261122_001150_settings_hosts_from_env from './20261122_001150_settings_hosts_from_env';
import * as migration_20261122_004754_auth_links from './20261122_004754_auth_links';
import * as migration_20261122_005457_jobs_queue from './20261122_005457_jobs_queue';
import * as migration_20261122_011406_purge_task from './20261122_011406_purge_task';
import * as migration_20261122_020916_billing from './20261122_020916_billing';
import * as migration_20261122_022611_vip_device_keys from './20261122_022611_vip_device_keys';
import * as migration_20261122_025050_free_key_rotation from './20261122_025050_free_key_rotation';
import * as migration_20261122_030121_server_health from './20261122_030121_server_health';
import * as migration_20261122_033448_key_revoke_retry from './20261122_033448_key_revoke_retry';
import * as migration_20261122_051942_revoke_vip_keys_task from './20261122_051942_revoke_vip_keys_task';
import * as migration_20261123_164902_server_private_network from './20261123_164902_server_private_network';
import * as migration_20261123_165322_activation_token from './20261123_165322_activation_token';
import * as migration_20261123_194231_yookassa_site_run_billing from './20261123_194231_yookassa_site_run_billing';
import * as migration_20261123_200257_trial_reminder from './20261123_200257_trial_reminder';
import * as migration_20261123_221634_editor_money_and_placeholders from './20261123_221634_editor_money_and_placeholders';
import * as migration_20261123_222645_pages_publish_per_language from './20261123_222645_pages_publish_per_language';
import * as migration_20261123_225002_subscription_title_search from './20261123_225002_subscription_title_search';
import * as migration_20261124_001108_server_run_out_warning from './20261124_001108_server_run_out_warning';
import * as migration_20261124_001552_versions_with_author from './20261124_001552_versions_with_author';
import * as migration_20261124_002956_pages_as_cms_collection from './20261124_002956_pages_as_cms_collection';
import * as migration_20261124_065033_client_apps_collection from './20261124_065033_client_apps_collection';
import * as migration_20261124_124431_device_key_undo from './20261124_124431_device_key_undo';
import * as migration_20261124_152545_key_list_rank from './20261124_152545_key_list_rank';
import * as migration_20261124_154131_key_connection_check from './20261124_154131_key_connection_check';
import * as migration_20261124_154625_panel_adapters_3xui_wg_easy from './20261124_154625_panel_adapters_3xui_wg_easy';
import * as migration_20261124_165516_key_check_attempted_at from './20261124_165516_key_check_attempted_at';
import * as migration_20261124_232944_key_listing from './20261124_232944_key_listing';
import * as migration_20261125_001834_key_listing_without_waits from './20261125_001834_key_listing_without_waits';
import * as migration_20261126_025125_no_payload_lockout from './20261126_025125_no_payload_lockout';
import * as migration_20261126_052540_purchase_links from './20261126_052540_purchase_links';
import * as migration_20261126_060946_forget_expired_limits from './20261126_060946_forget_expired_limits';
import * as migration_20261126_145840_hwid_devices from './20261126_145840_hwid_devices';
import * as migration_20261126_152227_subscription_routing from './20261126_152227_subscription_routing';
import * as migration_20261126_160422_routing_changed_at from './20261126_160422_routing_changed_at';
import * as migration_20261126_191353_softether_adapter from './20261126_191353_softether_adapter';
import * as migration_20261126_195206_remnawave_adapter from './20261126_195206_remnawave_adapter';
import * as migration_20261127_044254_staff_alerts from './20261127_044254_staff_alerts';
import * as migration_20261127_053733_dashboard_trends from './20261127_053733_dashboard_trends';
import * as migration_20261127_075623_backup_alerts from './20261127_075623_backup_alerts';
import * as migration_20261129_001827_require_device_id from './20261129_001827_require_device_id';
import * as migration_20261129_022938_link_mails_speed_claim from './20261129_022938_link_mails_speed_claim';
import * as migration_20261129_074008_network_probes from './20261129_074008_network_probes';
import * as migration_20261129_075736_probe_alerts from './20261129_075736_probe_alerts';
import * as migration_20261129_080000_key_listing_blocked from './20261129_080000_key_listing_blocked';
import * as migration_20261129_103823_probe_checks_protocols from './20261129_103823_probe_checks_protocols';
import * as migration_20261129_105353_vip_probe_keys from './20261129_105353_vip_probe_keys';
import * as migration_20261129_110255_probe_asns from './20261129_110255_probe_asns';
import * as migration_20261129_140627_panel_use from './20261129_140627_panel_use';
import * as migration_20261129_164112_key_takes from './20261129_164112_key_takes';
import * as migration_20261129_171556_site_bot from './20261129_171556_site_bot';
import * as migration_20261129_193507_telegram_accounts from './20261129_193507_telegram_accounts';
import * as migration_20261129_200000_mini_app_launches from './20261129_200000_mini_app_launches';
import * as migration_20261129_202702_telegram_notices from './20261129_202702_telegram_notices';
import * as migration_20261129_205946_device_limit_notices from './20261129_205946_device_limit_notices';
import * as migration_20261129_210331_bot_texts from './20261129_210331_bot_texts';
import * as migration_20261129_224850_stars_payments from './20261129_224850_stars_payments';
import * as migration_20261129_230321_broadcasts from './20261129_230321_broadcasts';
import * as migration_20261129_230400_bot_broadcasts from './20261129_230400_bot_broadcasts';
import * as migration_20261129_233500_vip_keys_changed from './20261129_233500_vip_keys_changed';
import * as migration_20261130_022431_subscription_receipt_email from './20261130_022431_subscription_receipt_email';
import * as migration_20261130_052007_promo_codes from './20261130_052007_promo_codes';
import * as migration_20261130_060000_bot_promo from './20261130_060000_bot_promo';
import * as migration_20261130_060456_trial_starts_on_connect from './20261130_060456_trial_starts_on_connect';
import * as migration_20261130_081617_referrals from './20261130_081617_referrals';
import * as migration_20261130_084630_gifts from './20261130_084630_gifts';
import * as migration_20261130_092530_gifts_in_stars from './20261130_092530_gifts_in_stars';
import * as migration_20261130_112739_subscription_notices from './20261130_112739_subscription_notices';
import * as migration_20261130_120850_app_rules from './20261130_120850_app_rules';
import * as migration_20261130_120910_karing_flclashx_apps from './20261130_120910_karing_flclashx_apps';
import * as migration_20261130_122801_wireguard_format from './20261130_122801_wireguard_format';
import * as migration_20261130_152520_hysteria2_protocol from './20261130_152520_hysteria2_protocol';
import * as migration_20261130_152534_hysteria2_client_apps from './20261130_152534_hysteria2_client_apps';

export const migrations = [
  {
    up: migration_20261121_234947_initial.up,
    down: migration_20261121_234947_initial.down,
    name: '20261121_234947_initial',
  },
  {
    up: migration_20261122_001150_settings_hosts_from_env.up,
    down: migration_20261122_001150_settings_hosts_from_env.down,
    name: '20261122_001150_settings_hosts_from_env',
  },
  {
    up: migration_20261122_004754_auth_links.up,
    down: migration_20261122_004754_auth_links.down,
    name: '20261122_004754_auth_links',
  },
  {
    up: migration_20261122_005457_jobs_queue.up,
    down: migration_20261122_005457_jobs_queue.down,
    name: '20261122_005457_jobs_queue',
  },
  {
    up: migration_20261122_011406_purge_task.up,
    down: migration_20261122_011406_purge_task.down,
    name: '20261122_011406_purge_task',
  },
  {
    up: migration_20261122_020916_billing.up,
    down: migration_20261122_020916_billing.down,
    name: '20261122_020916_billing',
  },
  {
    up: migration_20261122_022611_vip_device_keys.up,
    down: migration_20261122_022611_vip_device_keys.down,
    name: '20261122_022611_vip_device_keys',
  },
  {
    up: migration_20261122_025050_free_key_rotation.up,
    down: migration_20261122_025050_free_key_rotation.down,
    name: '20261122_025050_free_key_rotation',
  },
  {
    up: migration_20261122_030121_server_health.up,
    down: migration_20261122_030121_server_health.down,
    name: '20261122_030121_server_health',
  },
  {
    up: migration_20261122_033448_key_revoke_retry.up,
    down: migration_20261122_033448_key_revoke_retry.down,
    name: '20261122_033448_key_revoke_retry',
  },
  {
    up: migration_20261122_051942_revoke_vip_keys_task.up,
    down: migration_20261122_051942_revoke_vip_keys_task.down,
    name: '20261122_051942_revoke_vip_keys_task',
  },
  {
    up: migration_20261123_164902_server_private_network.up,
    down: migration_20261123_164902_server_private_network.down,
    name: '20261123_164902_server_private_network',
  },
  {
    up: migration_20261123_165322_activation_token.up,
    down: migration_20261123_165322_activation_token.down,
    name: '20261123_165322_activation_token',
  },
  {
    up: migration_20261123_194231_yookassa_site_run_billing.up,
    down: migration_20261123_194231_yookassa_site_run_billing.down,
    name: '20261123_194231_yookassa_site_run_billing',
  },
  {
    up: migration_20261123_200257_trial_reminder.up,
    down: migration_20261123_200257_trial_reminder.down,
    name: '20261123_200257_trial_reminder',
  },
  {
    up: migration_20261123_221634_editor_money_and_placeholders.up,
    down: migration_20261123_221634_editor_money_and_placeholders.down,
    name: '20261123_221634_editor_money_and_placeholders',
  },
  {
    up: migration_20261123_222645_pages_publish_per_language.up,
    down: migration_20261123_222645_pages_publish_per_language.down,
    name: '20261123_222645_pages_publish_per_language',
  },
  {
    up: migration_20261123_225002_subscription_title_search.up,
    down: migration_20261123_225002_subscription_title_search.down,
    name: '20261123_225002_subscription_title_search',
  },
  {
    up: migration_20261124_001108_server_run_out_warning.up,
    down: migration_20261124_001108_server_run_out_warning.down,
    name: '20261124_001108_server_run_out_warning',
  },
  {
    up: migration_20261124_001552_versions_with_author.up,
    down: migration_20261124_001552_versions_with_author.down,
    name: '20261124_001552_versions_with_author',
  },
  {
    up: migration_20261124_002956_pages_as_cms_collection.up,
    down: migration_20261124_002956_pages_as_cms_collection.down,
    name: '20261124_002956_pages_as_cms_collection',
  },
  {
    up: migration_20261124_065033_client_apps_collection.up,
    down: migration_20261124_065033_client_apps_collection.down,
    name: '20261124_065033_client_apps_collection',
  },
  {
    up: migration_20261124_124431_device_key_undo.up,
    down: migration_20261124_124431_device_key_undo.down,
    name: '20261124_124431_device_key_undo',
  },
  {
    up: migration_20261124_152545_key_list_rank.up,
    down: migration_20261124_152545_key_list_rank.down,
    name: '20261124_152545_key_list_rank',
  },
  {
    up: migration_20261124_154131_key_connection_check.up,
    down: migration_20261124_154131_key_connection_check.down,
    name: '20261124_154131_key_connection_check',
  },
  {
    up: migration_20261124_154625_panel_adapters_3xui_wg_easy.up,
    down: migration_20261124_154625_panel_adapters_3xui_wg_easy.down,
    name: '20261124_154625_panel_adapters_3xui_wg_easy',
  },
  {
    up: migration_20261124_165516_key_check_attempted_at.up,
    down: migration_20261124_165516_key_check_attempted_at.down,
    name: '20261124_165516_key_check_attempted_at',
  },
  {
    up: migration_20261124_232944_key_listing.up,
    down: migration_20261124_232944_key_listing.down,
    name: '20261124_232944_key_listing',
  },
  {
    up: migration_20261125_001834_key_listing_without_waits.up,
    down: migration_20261125_001834_key_listing_without_waits.down,
    name: '20261125_001834_key_listing_without_waits',
  },
  {
    up: migration_20261126_025125_no_payload_lockout.up,
    down: migration_20261126_025125_no_payload_lockout.down,
    name: '20261126_025125_no_payload_lockout',
  },
  {
    up: migration_20261126_052540_purchase_links.up,
    down: migration_20261126_052540_purchase_links.down,
    name: '20261126_052540_purchase_links',
  },
  {
    up: migration_20261126_060946_forget_expired_limits.up,
    down: migration_20261126_060946_forget_expired_limits.down,
    name: '20261126_060946_forget_expired_limits',
  },
  {
    up: migration_20261126_145840_hwid_devices.up,
    down: migration_20261126_145840_hwid_devices.down,
    name: '20261126_145840_hwid_devices',
  },
  {
    up: migration_20261126_152227_subscription_routing.up,
    down: migration_20261126_152227_subscription_routing.down,
    name: '20261126_152227_subscription_routing',
  },
  {
    up: migration_20261126_160422_routing_changed_at.up,
    down: migration_20261126_160422_routing_changed_at.down,
    name: '20261126_160422_routing_changed_at',
  },
  {
    up: migration_20261126_191353_softether_adapter.up,
    down: migration_20261126_191353_softether_adapter.down,
    name: '20261126_191353_softether_adapter',
  },
  {
    up: migration_20261126_195206_remnawave_adapter.up,
    down: migration_20261126_195206_remnawave_adapter.down,
    name: '20261126_195206_remnawave_adapter',
  },
  {
    up: migration_20261127_044254_staff_alerts.up,
    down: migration_20261127_044254_staff_alerts.down,
    name: '20261127_044254_staff_alerts',
  },
  {
    up: migration_20261127_053733_dashboard_trends.up,
    down: migration_20261127_053733_dashboard_trends.down,
    name: '20261127_053733_dashboard_trends',
  },
  {
    up: migration_20261127_075623_backup_alerts.up,
    down: migration_20261127_075623_backup_alerts.down,
    name: '20261127_075623_backup_alerts',
  },
  {
    up: migration_20261129_001827_require_device_id.up,
    down: migration_20261129_001827_require_device_id.down,
    name: '20261129_001827_require_device_id',
  },
  {
    up: migration_20261129_022938_link_mails_speed_claim.up,
    down: migration_20261129_022938_link_mails_speed_claim.down,
    name: '20261129_022938_link_mails_speed_claim',
  },
  {
    up: migration_20261129_074008_network_probes.up,
    down: migration_20261129_074008_network_probes.down,
    name: '20261129_074008_network_probes',
  },
  {
    up: migration_20261129_075736_probe_alerts.up,
    down: migration_20261129_075736_probe_alerts.down,
    name: '20261129_075736_probe_alerts',
  },
  {
    up: migration_20261129_080000_key_listing_blocked.up,
    down: migration_20261129_080000_key_listing_blocked.down,
    name: '20261129_080000_key_listing_blocked',
  },
  {
    up: migration_20261129_103823_probe_checks_protocols.up,
    down: migration_20261129_103823_probe_checks_protocols.down,
    name: '20261129_103823_probe_checks_protocols',
  },
  {
    up: migration_20261129_105353_vip_probe_keys.up,
    down: migration_20261129_105353_vip_probe_keys.down,
    name: '20261129_105353_vip_probe_keys',
  },
  {
    up: migration_20261129_110255_probe_asns.up,
    down: migration_20261129_110255_probe_asns.down,
    name: '20261129_110255_probe_asns',
  },
  {
    up: migration_20261129_140627_panel_use.up,
    down: migration_20261129_140627_panel_use.down,
    name: '20261129_140627_panel_use',
  },
  {
    up: migration_20261129_164112_key_takes.up,
    down: migration_20261129_164112_key_takes.down,
    name: '20261129_164112_key_takes',
  },
  {
    up: migration_20261129_171556_site_bot.up,
    down: migration_20261129_171556_site_bot.down,
    name: '20261129_171556_site_bot',
  },
  {
    up: migration_20261129_193507_telegram_accounts.up,
    down: migration_20261129_193507_telegram_accounts.down,
    name: '20261129_193507_telegram_accounts',
  },
  {
    up: migration_20261129_200000_mini_app_launches.up,
    down: migration_20261129_200000_mini_app_launches.down,
    name: '20261129_200000_mini_app_launches',
  },
  {
    up: migration_20261129_202702_telegram_notices.up,
    down: migration_20261129_202702_telegram_notices.down,
    name: '20261129_202702_telegram_notices',
  },
  {
    up: migration_20261129_205946_device_limit_notices.up,
    down: migration_20261129_205946_device_limit_notices.down,
    name: '20261129_205946_device_limit_notices',
  },
  {
    up: migration_20261129_210331_bot_texts.up,
    down: migration_20261129_210331_bot_texts.down,
    name: '20261129_210331_bot_texts',
  },
  {
    up: migration_20261129_224850_stars_payments.up,
    down: migration_20261129_224850_stars_payments.down,
    name: '20261129_224850_stars_payments',
  },
  {
    up: migration_20261129_230321_broadcasts.up,
    down: migration_20261129_230321_broadcasts.down,
    name: '20261129_230321_broadcasts',
  },
  {
    up: migration_20261129_230400_bot_broadcasts.up,
    down: migration_20261129_230400_bot_broadcasts.down,
    name: '20261129_230400_bot_broadcasts',
  },
  {
    up: migration_20261129_233500_vip_keys_changed.up,
    down: migration_20261129_233500_vip_keys_changed.down,
    name: '20261129_233500_vip_keys_changed',
  },
  {
    up: migration_20261130_022431_subscription_receipt_email.up,
    down: migration_20261130_022431_subscription_receipt_email.down,
    name: '20261130_022431_subscription_receipt_email',
  },
  {
    up: migration_20261130_052007_promo_codes.up,
    down: migration_20261130_052007_promo_codes.down,
    name: '20261130_052007_promo_codes',
  },
  {
    up: migration_20261130_060000_bot_promo.up,
    down: migration_20261130_060000_bot_promo.down,
    name: '20261130_060000_bot_promo',
  },
  {
    up: migration_20261130_060456_trial_starts_on_connect.up,
    down: migration_20261130_060456_trial_starts_on_connect.down,
    name: '20261130_060456_trial_starts_on_connect',
  },
  {
    up: migration_20261130_081617_referrals.up,
    down: migration_20261130_081617_referrals.down,
    name: '20261130_081617_referrals',
  },
  {
    up: migration_20261130_084630_gifts.up,
    down: migration_20261130_084630_gifts.down,
    name: '20261130_084630_gifts',
  },
  {
    up: migration_20261130_092530_gifts_in_stars.up,
    down: migration_20261130_092530_gifts_in_stars.down,
    name: '20261130_092530_gifts_in_stars',
  },
  {
    up: migration_20261130_112739_subscription_notices.up,
    down: migration_20261130_112739_subscription_notices.down,
    name: '20261130_112739_subscription_notices',
  },
  {
    up: migration_20261130_120850_app_rules.up,
    down: migration_20261130_120850_app_rules.down,
    name: '20261130_120850_app_rules',
  },
  {
    up: migration_20261130_120910_karing_flclashx_apps.up,
    down: migration_20261130_120910_karing_flclashx_apps.down,
    name: '20261130_120910_karing_flclashx_apps',
  },
  {
    up: migration_20261130_122801_wireguard_format.up,
    down: migration_20261130_122801_wireguard_format.down,
    name: '20261130_122801_wireguard_format',
  },
  {
    up: migration_20261130_152520_hysteria2_protocol.up,
    down: migration_20261130_152520_hysteria2_protocol.down,
    name: '20261130_152520_hysteria2_protocol',
  },
  {
    up: migration_20261130_152534_hysteria2_client_apps.up,
    down: migration_20261130_152534_hysteria2_client_apps.down,
    name: '20261130_152534_hysteria2_client_apps',
  },
];
