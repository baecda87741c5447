import { z } from 'zod';
export declare const classSectionsSchema: z.ZodObject<{
    className: z.ZodEnum<{
        Nursery: "Nursery";
        LKG: "LKG";
        UKG: "UKG";
        "Class 1": "Class 1";
        "Class 2": "Class 2";
        "Class 3": "Class 3";
        "Class 4": "Class 4";
        "Class 5": "Class 5";
        "Class 6": "Class 6";
        "Class 7": "Class 7";
        "Class 8": "Class 8";
        "Class 9": "Class 9";
        "Class 10": "Class 10";
        "Class 11": "Class 11";
        "Class 12": "Class 12";
    }>;
    sectionNames: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type ClassSectionsInput = z.infer<typeof classSectionsSchema>;
/**
 * POST /school/sections (spec §5 Sections form). Section names are unique in their class ignoring
 * case; sections that already exist are left as they are (DECISIONS.md).
 */
export declare const createSectionsSchema: z.ZodObject<{
    schoolId: z.ZodUUID;
    academicYear: z.ZodString;
    sections: z.ZodArray<z.ZodObject<{
        className: z.ZodEnum<{
            Nursery: "Nursery";
            LKG: "LKG";
            UKG: "UKG";
            "Class 1": "Class 1";
            "Class 2": "Class 2";
            "Class 3": "Class 3";
            "Class 4": "Class 4";
            "Class 5": "Class 5";
            "Class 6": "Class 6";
            "Class 7": "Class 7";
            "Class 8": "Class 8";
            "Class 9": "Class 9";
            "Class 10": "Class 10";
            "Class 11": "Class 11";
            "Class 12": "Class 12";
        }>;
        sectionNames: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type CreateSectionsInput = z.infer<typeof createSectionsSchema>;
