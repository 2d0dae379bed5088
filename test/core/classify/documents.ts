/** Documents written for these tests (not taken from the training data or the corpus). */

export const ACORD25_FILLED = `ACORD CERTIFICATE OF LIABILITY INSURANCE DATE (MM/DD/YYYY) 04/02/2026
THIS CERTIFICATE IS ISSUED AS A MATTER OF INFORMATION ONLY AND CONFERS NO RIGHTS UPON THE CERTIFICATE HOLDER.
PRODUCER Marsh & Webb Insurance Agency CONTACT NAME: Dana Ortiz
410 Commerce Pkwy PHONE (A/C, No, Ext): 608-555-0142
Madison WI 53719 E-MAIL ADDRESS: certs@marshwebb.example
INSURED Badger State Drywall Inc INSURER A : Acuity, A Mutual Insurance Company 14184
2210 Industrial Dr INSURER B : Employers Mutual Casualty 21415
Sun Prairie WI 53590
COVERAGES CERTIFICATE NUMBER: 2026-0411 REVISION NUMBER:
INSR LTR TYPE OF INSURANCE POLICY NUMBER POLICY EFF POLICY EXP LIMITS
A COMMERCIAL GENERAL LIABILITY X OCCUR ZC8841772 01/01/2026 01/01/2027 EACH OCCURRENCE $ 1,000,000
DAMAGE TO RENTED PREMISES (Ea occurrence) $ 300,000 MED EXP (Any one person) $ 10,000
PERSONAL & ADV INJURY $ 1,000,000 GENERAL AGGREGATE $ 2,000,000 PRODUCTS - COMP/OP AGG $ 2,000,000
A AUTOMOBILE LIABILITY ANY AUTO ZC8841772 01/01/2026 01/01/2027 COMBINED SINGLE LIMIT (Ea accident) $ 1,000,000
B WORKERS COMPENSATION AND EMPLOYERS' LIABILITY WC55120 01/01/2026 01/01/2027 PER STATUTE E.L. EACH ACCIDENT $ 500,000
DESCRIPTION OF OPERATIONS / LOCATIONS / VEHICLES
CERTIFICATE HOLDER Lakeshore Development LLC CANCELLATION
SHOULD ANY OF THE ABOVE DESCRIBED POLICIES BE CANCELLED BEFORE THE EXPIRATION DATE THEREOF, NOTICE WILL BE DELIVERED IN ACCORDANCE WITH THE POLICY PROVISIONS.
AUTHORIZED REPRESENTATIVE
ACORD 25 (2016/03) © 1988-2015 ACORD CORPORATION. All rights reserved.`;

export const ACORD25_BLANK = `ACORD CERTIFICATE OF LIABILITY INSURANCE DATE (MM/DD/YYYY)
PRODUCER CONTACT NAME: PHONE (A/C, No, Ext): FAX (A/C, No): E-MAIL ADDRESS:
INSURER(S) AFFORDING COVERAGE NAIC #
INSURED INSURER A : INSURER B : INSURER C : INSURER D : INSURER E : INSURER F :
COVERAGES CERTIFICATE NUMBER: REVISION NUMBER:
INSR LTR TYPE OF INSURANCE ADDL INSD SUBR WVD POLICY NUMBER POLICY EFF (MM/DD/YYYY) POLICY EXP (MM/DD/YYYY) LIMITS
COMMERCIAL GENERAL LIABILITY CLAIMS-MADE OCCUR EACH OCCURRENCE $ DAMAGE TO RENTED PREMISES (Ea occurrence) $
MED EXP (Any one person) $ PERSONAL & ADV INJURY $ GENERAL AGGREGATE $ PRODUCTS - COMP/OP AGG $
AUTOMOBILE LIABILITY ANY AUTO COMBINED SINGLE LIMIT (Ea accident) $ BODILY INJURY (Per person) $
UMBRELLA LIAB OCCUR EXCESS LIAB CLAIMS-MADE EACH OCCURRENCE $ AGGREGATE $
WORKERS COMPENSATION AND EMPLOYERS' LIABILITY Y / N PER STATUTE OTH-ER E.L. EACH ACCIDENT $
CERTIFICATE HOLDER CANCELLATION AUTHORIZED REPRESENTATIVE
ACORD 25 (2016/03) The ACORD name and logo are registered marks of ACORD`;

export const ACORD24 = `ACORD CERTIFICATE OF PROPERTY INSURANCE DATE (MM/DD/YYYY) 05/14/2026
PRODUCER Harbor Point Insurance INSURED Gable Street Partners LP
INSURER A : Midwest Family Mutual
COVERAGES CERTIFICATE NUMBER: REVISION NUMBER:
LOCATION OF PREMISES / DESCRIPTION OF PROPERTY 88 Gable St, Dubuque IA
TYPE OF INSURANCE POLICY NUMBER POLICY EFFECTIVE DATE POLICY EXPIRATION DATE COVERED PROPERTY LIMITS
PROPERTY CAUSES OF LOSS BASIC BROAD SPECIAL BUILDING $ 2,400,000 PERSONAL PROPERTY $ BUSINESS INCOME $
INLAND MARINE CRIME BOILER & MACHINERY / EQUIPMENT BREAKDOWN
SPECIAL CONDITIONS / OTHER COVERAGES
CERTIFICATE HOLDER CANCELLATION AUTHORIZED REPRESENTATIVE
ACORD 24 (2016/03) © 1995-2015 ACORD CORPORATION. All rights reserved.`;

export const DEBIT_NOTE = `Lagoon General Assurance Ltd
DEBIT NOTE
Debit Note No: DN-88213 Date: 11/03/2026
Client: Coral Bay Hotels Ltd
Policy No: FIR/0091/26 Class of Insurance: Fire and Allied Perils
Period of Insurance: From 01/04/2026 To 31/03/2027
Basic Premium 145,000.00
Stamp Duty 250.00
Total Premium Due 145,250.00
This debit note is not valid as a receipt.`;

export const VEHICLE_ESTIMATE = `Valley Collision Repair
ESTIMATE OF RECORD Workfile ID: 7F3A21
Owner: Marcus Bell Insurance Company: Granite Mutual Claim #: GM-55102
Vehicle: 2019 MAZD CX-5 Touring 4D UTV VIN: JM3KFBCM1K0612345 Mileage In: 48,211
Line Oper Description Part Number Qty Extended Price Labor Paint
1 Repl FRT BUMPER COVER KD5350031 1 512.40 2.3 3.1
2 R&I FOG LAMP LT 1 0.4
3 Repl HEADLAMP ASSY RT KB8A51030 1 890.00 0.6
Parts 1,402.40 Body Labor 6.2 hrs @ $58 /hr 359.60 Paint Labor 3.1 hrs @ $58 /hr 179.80
Grand Total 2,214.55`;

export const RENOVATION_BID = `Northfield Exteriors LLC
BID PROPOSAL
Date: 06/09/2026
Owner: Priya and Sam Delgado
Project: 1907 Linden Ave - deck and siding renovation
Scope of work
Remove existing rotted deck boards and railings, haul away debris $1,150.00
Install new pressure-treated framing and composite decking, 16 x 20 $9,860.00
Replace cedar siding on rear elevation with fiber cement lap siding, painted $12,400.00
Install new aluminum gutters and downspouts $1,780.00
Building permit $325.00
TOTAL BID $25,515.00
Price includes labor, materials and cleanup. Excludes unforeseen structural repairs. Valid 30 days.`;

export const SOR_203K = `SPECIFICATION OF REPAIRS - FHA 203(k)
Borrower: Lena Fischer Property: 77 Orchard Rd, Troy, NY 12180
Consultant: Arthur Kim Consultant ID: D4412 Inspection Date: 02/11/2026
Description Qty Unit Material Labor Total
2.0 Demolition
Remove damaged plaster ceilings, dining and hall 420 SF 84.00 1,260.00 1,344.00
6.0 Plumbing
Replace galvanized water supply with PEX throughout 1 LS 1,900.00 2,650.00 4,550.00
Subtotal (all sections) $5,894.00
Overhead & Profit (10.0%) $589.40
GRAND TOTAL $6,483.40`;

export const INVOICE = `Brightline Analytics Inc.
INVOICE
Invoice #: 20931 Date: 07/01/2026 Due Date: 07/31/2026
Bill To: Redwood Retail Group
Description Hours Rate Amount
Data pipeline consulting 32 150.00 4,800.00
Dashboard development 12 150.00 1,800.00
Subtotal 6,600.00 Tax 0.00 Total Due $6,600.00
Thank you for your business!`;

export const UK_CERTIFICATE = `Certificate of Insurance
Issue date: 14 August 2026
Hiscox certifies that the policy described below is in force on the issue date.
Insured: Marlow Joinery Ltd
Policy number: HX-PL-7781203
Business activity: Joinery and carpentry
Public liability limit £2,000,000
Employers' liability limit £10,000,000
Period of insurance: 01 September 2026 to 31 August 2027
Hiscox Underwriting Ltd is authorised and regulated by the Financial Conduct Authority.`;

export const ACORD27 = `ACORD EVIDENCE OF PROPERTY INSURANCE DATE (MM/DD/YYYY) 09/30/2026
THIS EVIDENCE OF PROPERTY INSURANCE IS ISSUED AS A MATTER OF INFORMATION ONLY AND CONFERS NO RIGHTS UPON THE ADDITIONAL INTEREST NAMED BELOW.
AGENCY Prairie Wind Insurance COMPANY Northern Plains Mutual
INSURED Carla Mendes LOAN NUMBER 55012-88 POLICY NUMBER HO-4471902
EFFECTIVE DATE 10/01/2026 EXPIRATION DATE 10/01/2027
PROPERTY INFORMATION LOCATION/DESCRIPTION 902 Aspen Ct, Fargo ND
COVERAGE INFORMATION COVERAGE / PERILS / FORMS AMOUNT OF INSURANCE DEDUCTIBLE Dwelling 312,000 2,500
ADDITIONAL INTEREST NAME AND ADDRESS First Dakota Bank ISAOA MORTGAGEE LOSS PAYEE
ACORD 27 (2016/03)`;

export const VEHICLE_INVOICE = `Eastside Auto Service
REPAIR ORDER #55821 Date: 10/02/2026
Customer: Olivia Grant Vehicle: 2016 Subaru Forester VIN JF2SJAEC0GH512345 Odometer 88,412
Concern: grinding noise when braking
Replace front brake pads and rotors 1.8 hrs 216.00
Brake pad set 1 89.95 Rotor 2 164.00
Parts Total 253.95 Labor Total 216.00 Shop Supplies 12.00 Tax 20.32
Total 502.27`;

export const HOME_INSPECTION = `HOME INSPECTION REPORT
Inspection Address: 41 Birch Hollow Rd, Keene, NH 03431
Inspection Date: 03/18/2026 Inspector: Paul Avery, License # 00311
Summary of items requiring attention
Roof: shingles show granule loss at south slope; recommend evaluation by a roofing contractor.
Electrical: missing GFCI protection at bathroom receptacles.
Plumbing: slow drain at kitchen sink.
This report is an opinion of the general condition of the property and does not include cost estimates.`;
