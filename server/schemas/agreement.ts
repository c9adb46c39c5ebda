/** How far a golden set's raters agree: the answer of GET golden-sets/{id}/agreement. */
import { Type, type Static } from 'typebox';
import { IdSchema, Nullable } from './shared';
import { RaterSchema } from './judging';

const KappaSchema = Nullable(
  Type.Number({ description: "Cohen's κ with quadratic weights; null when undefined (no shared pair, or no expected disagreement)" }),
);

export const AgreementQuerySchema = Type.Object(
  {
    disagreements: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 500, default: 50, description: 'How many disagreements to list, widest spread first' }),
    ),
  },
  { additionalProperties: false },
);

export const AgreementSchema = Type.Object({
  raters: Type.Array(RaterSchema),
  pairs: Type.Array(
    Type.Object({
      rater_a: IdSchema,
      rater_b: IdSchema,
      shared: Type.Integer({ description: 'Pairs both raters graded' }),
      kappa_quadratic: KappaSchema,
      exact_agreement: Type.Number({ description: 'Share of the shared pairs given the same grade' }),
      confusion: Type.Array(Type.Array(Type.Integer()), { description: "Counts by rater_a's grade (row) and rater_b's (column)" }),
    }),
  ),
  alpha_ordinal: Nullable(Type.Number({ description: "Krippendorff's α for ordinal data across all raters" })),
  pairable: Type.Integer({ description: 'Grades in pairs that two raters or more graded: what α is computed over' }),
  vs_consensus: Type.Array(
    Type.Object({
      rater: IdSchema,
      shared: Type.Integer({ description: 'Pairs this rater and at least one other person graded' }),
      kappa_quadratic: KappaSchema,
    }),
    { description: "Each rater against the lower median of the other people's grades" },
  ),
  disagreements: Type.Array(
    Type.Object({
      query: Type.String(),
      product_id: Type.String(),
      grades: Type.Array(Type.Object({ rater: IdSchema, grade: Type.Integer() })),
      spread: Type.Integer({ description: 'Highest grade − lowest' }),
    }),
  ),
  disagreements_total: Type.Integer({ description: 'Pairs graded differently, of which the widest are listed' }),
});
export type Agreement = Static<typeof AgreementSchema>;
