import { ArrayRowLabel as ArrayRowLabel_a1600cef3e6fe181b2487742bff2558a } from '../../../components/admin/ArrayRowLabel'
import { ServerLinks as ServerLinks_dc71de37a6390e269b5a77f4a0e4f0e6 } from '../../../components/admin/ServerLinks'
import { ServerReach as ServerReach_ebb10a123610c8adbbcd28f29e804c97 } from '../../../components/admin/ServerReach'
import { ServerFilters as ServerFilters_dc71de37a6390e269b5a77f4a0e4f0e6 } from '../../../components/admin/ServerLinks'
import { RunOutNotice as RunOutNotice_5bb7e63e6f54696d097b5cd32ebcfbb7 } from '../../../components/admin/RunOutNotice'
import { RotateNowButton as RotateNowButton_f1ceddc569ae7b3877c0f6d661726b65 } from '../../../components/admin/RotateNowButton'
import { KeysImport as KeysImport_7352c9e4b4124d8483de121d600ad710 } from '../../../components/admin/KeysImport'
import { GiftRefund as GiftRefund_e346bdb06eedf831a028884522209f12 } from '../../../components/admin/GiftRefund'
import { PlanCell as PlanCell_a8e7c24806cc9f21623ca9d3bb0d2aa0 } from '../../../components/admin/PlanCell'
import { SubscriptionChange as SubscriptionChange_6b7ba8476e8331ad5ad5403b30e2366f } from '../../../components/admin/SubscriptionChange'
import { SubscriptionRefund as SubscriptionRefund_345a112e7a44e1fe27390bf40738fbd6 } from '../../../components/admin/SubscriptionRefund'
import { SubscriptionDevices as SubscriptionDevices_6391fcb00fdf6a215e4964b7dfc931ea } from '../../../components/admin/SubscriptionDevices'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ProbeToken as ProbeToken_f7a44206cecf7d129a6ed97998134c7c } from '../../../components/admin/ProbeToken'
import { Icon as Icon_81fda60f3e3709e861f40982a767707d } from '../../../components/admin/Brand'
import { Logo as Logo_81fda60f3e3709e861f40982a767707d } from '../../../components/admin/Brand'
import { Overview as Overview_50056eb966237e51038cb651e847dbf5 } from '../../../components/admin/Overview'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/components/admin/ArrayRowLabel#ArrayRowLabel": ArrayRowLabel_a1600cef3e6fe181b2487742bff2558a,
  "/components/admin/ServerLinks#ServerLinks": ServerLinks_dc71de37a6390e269b5a77f4a0e4f0e6,
  "/components/admin/ServerReach#ServerReach": ServerReach_ebb10a123610c8adbbcd28f29e804c97,
  "/components/admin/ServerLinks#ServerFilters": ServerFilters_dc71de37a6390e269b5a77f4a0e4f0e6,
  "/components/admin/RunOutNotice#RunOutNotice": RunOutNotice_5bb7e63e6f54696d097b5cd32ebcfbb7,
  "/components/admin/RotateNowButton#RotateNowButton": RotateNowButton_f1ceddc569ae7b3877c0f6d661726b65,
  "/components/admin/KeysImport#KeysImport": KeysImport_7352c9e4b4124d8483de121d600ad710,
  "/components/admin/GiftRefund#GiftRefund": GiftRefund_e346bdb06eedf831a028884522209f12,
  "/components/admin/PlanCell#PlanCell": PlanCell_a8e7c24806cc9f21623ca9d3bb0d2aa0,
  "/components/admin/SubscriptionChange#SubscriptionChange": SubscriptionChange_6b7ba8476e8331ad5ad5403b30e2366f,
  "/components/admin/SubscriptionRefund#SubscriptionRefund": SubscriptionRefund_345a112e7a44e1fe27390bf40738fbd6,
  "/components/admin/SubscriptionDevices#SubscriptionDevices": SubscriptionDevices_6391fcb00fdf6a215e4964b7dfc931ea,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/components/admin/ProbeToken#ProbeToken": ProbeToken_f7a44206cecf7d129a6ed97998134c7c,
  "/components/admin/Brand#Icon": Icon_81fda60f3e3709e861f40982a767707d,
  "/components/admin/Brand#Logo": Logo_81fda60f3e3709e861f40982a767707d,
  "/components/admin/Overview#Overview": Overview_50056eb966237e51038cb651e847dbf5,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
