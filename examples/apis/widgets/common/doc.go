// Package common holds types shared by the widgets API versions. It has no
// validation-gen package tag: its types get validation functions only
// because widgets/v1 reaches them, and those functions are written here.
package common
