import { z } from 'zod';
/** A class name from the catalogue (Nursery … Class 12); anything else is named in the message. */
export declare const catalogueClassSchema: z.ZodEnum<{
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
export declare const subjectNameSchema: z.ZodString;
